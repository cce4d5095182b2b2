// reduce with and without an initial value.
const a = [1, 2, 3, 4];
console.log(a.reduce((s, x) => s + x), a.reduce((s, x) => s + x, 10));
console.log(a.reduce((s, x) => s + x, ""));
console.log([[1, 2], [3], [4, 5]].reduce((acc, x) => acc.concat(x), []));
console.log([5].reduce((s, x) => s + x), [].reduce((s, x) => s + x, "init"));
console.log(a.reduce((acc, x, i) => acc + x * i, 0));
const max = [3, 9, 2, 7].reduce((m, x) => (x > m ? x : m));
console.log(max);
try {
  [].reduce((s, x) => s + x);
} catch (e) {
  console.log(e.name, e.message);
}

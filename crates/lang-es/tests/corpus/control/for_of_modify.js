// for-of over an array being modified during iteration.
const a = [1, 2, 3];
const seen = [];
for (const x of a) {
  seen.push(x);
  if (x === 1) a.push(4);
  if (x === 3) a.shift();
}
console.log(seen, a);

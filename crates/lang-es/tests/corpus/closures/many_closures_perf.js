// Creating and calling many closures in a loop.
let total = 0;
for (let i = 0; i < 20000; i++) {
  const f = x => x + i;
  total += f(1);
}
console.log(total);
const makers = [];
for (let i = 0; i < 100; i++) makers.push(() => () => i);
console.log(makers[42]()(), makers.reduce((s, m) => s + m()(), 0));

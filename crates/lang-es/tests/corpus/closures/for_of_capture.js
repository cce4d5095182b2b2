// for-of with const creates a fresh binding per iteration.
const fns = [];
for (const x of ["a", "b", "c"]) fns.push(() => x.toUpperCase());
console.log(fns.map(f => f()).join(""));
const fns2 = [];
let y;
for (y of [1, 2, 3]) fns2.push(() => y);
console.log(fns2.map(f => f()));

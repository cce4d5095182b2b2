// forEach passes element, index and array; skips holes; returns undefined.
const a = ["a", "b", , "d"];
const r = a.forEach((x, i, arr) => console.log(i, x, arr.length));
console.log(r);
let sum = 0;
[1, 2, 3].forEach(x => { sum += x; });
console.log(sum);

// Finding max and min using Math.max with spread and with loops.
const a = [3, -7, 12.5, 0, 9];
console.log(Math.max(...a), Math.min(...a));
console.log(Math.max(...[]), Math.min(...[]));
let mx = -Infinity;
for (const x of a) if (x > mx) mx = x;
console.log(mx, a.indexOf(mx));

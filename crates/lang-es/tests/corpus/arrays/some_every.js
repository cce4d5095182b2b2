// some and every short-circuit and handle empty arrays.
const a = [2, 4, 6, 7];
console.log(a.some(x => x % 2 === 1), a.every(x => x % 2 === 0));
console.log([].some(x => true), [].every(x => false));
let calls = 0;
[1, 2, 3, 4].some(x => { calls++; return x === 2; });
console.log(calls);
calls = 0;
[1, 2, 3, 4].every(x => { calls++; return x < 3; });
console.log(calls);

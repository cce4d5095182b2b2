// Spread arguments in calls and array literals.
function f(a, b, c) { return [a, b, c]; }
const args = [1, 2, 3];
console.log(f(...args), f(...[1]), f(0, ...[1, 2, 3, 4]));
console.log(Math.max(...args, 10), Math.min(...[5, 2], ...[8]));
const s = "abc";
console.log(f(...s));
const nested = [[1, 2], [3]];
console.log([].concat(...nested), [...nested[0], ...nested[1]]);

// Function declarations, expressions and arrow functions.
function add(a, b) { return a + b; }
const mul = function (a, b) { return a * b; };
const sub = (a, b) => a - b;
const neg = x => -x;
const noop = () => {};
console.log(add(2, 3), mul(4, 5), sub(9, 4), neg(7));
console.log(noop());
console.log(add(1), add(1, 2, 3));
function noReturn() { let x = 1; }
console.log(noReturn());

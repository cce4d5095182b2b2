// The ** operator with integer, fractional, negative and special exponents.
console.log(2 ** 31, 2 ** 32, 2 ** 52, 2 ** 53, 2 ** 64);
console.log(2 ** -1, 2 ** -10, 10 ** -3, 4 ** 0.5, 0.5 ** 3);
console.log(0 ** 0, NaN ** 0, 1 ** NaN, 1 ** Infinity);
console.log((-1) ** 0.5, (-8) ** 3, (-2) ** 31);
console.log(0 ** -1, (-0) ** -1, (-0) ** -2);
console.log(10 ** 21, 10 ** 20, 10 ** -6, 10 ** -7);
let x = 3;
x **= 4;
console.log(x);

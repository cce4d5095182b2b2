// Math.hypot with several arguments and special values.
console.log(Math.hypot(3, 4), Math.hypot(5, 12), Math.hypot(1, 1), Math.hypot(), Math.hypot(-3));
console.log(Math.hypot(1, 2, 2), Math.hypot(3, 4, 12), Math.hypot(1e200, 1e200), Math.hypot(1e-200, 1e-200));
console.log(Math.hypot(NaN, 1), Math.hypot(Infinity, NaN), Math.hypot(0, -0));

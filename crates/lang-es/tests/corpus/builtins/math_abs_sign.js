// Math.abs and Math.sign on all kinds of numbers.
for (const v of [5, -5, 0, -0, 2.5, -2.5, -2147483648, Infinity, -Infinity, NaN]) {
  console.log(v, Math.abs(v), Math.sign(v));
}
console.log(Math.abs("-3"), Math.abs(null), Math.abs(undefined), Math.abs([]), Math.abs([-2]), Math.sign("-0"));

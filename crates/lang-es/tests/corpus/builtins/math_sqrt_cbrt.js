// Square and cube roots, exact and inexact.
console.log(Math.sqrt(0), Math.sqrt(-0), Math.sqrt(1), Math.sqrt(2), Math.sqrt(16), Math.sqrt(0.25));
console.log(Math.sqrt(-1), Math.sqrt(Infinity), Math.sqrt(1e300), Math.sqrt(2147483647));
console.log(Math.cbrt(27), Math.cbrt(-8), Math.cbrt(0), Math.cbrt(-0), Math.cbrt(1000), Math.cbrt(2));
console.log(Math.cbrt(Infinity), Math.cbrt(-Infinity), Math.cbrt(NaN));

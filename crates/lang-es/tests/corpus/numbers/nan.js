// NaN propagates and is never equal to anything, including itself.
const n = NaN;
console.log(n, typeof n, n + 1, n * 0, n === n, n !== n);
console.log(isNaN(n), isNaN("abc"), isNaN("12"), isNaN(undefined), isNaN(null));
console.log(0 / 0, Infinity - Infinity, Infinity * 0, Math.sqrt(-1));
console.log(Number("x"), parseInt("x"), parseFloat(""), +"1a");
console.log([NaN].indexOf(NaN), [NaN].includes(NaN));
console.log(Math.max(1, NaN), Math.min(NaN, 1), Math.max(), Math.min());

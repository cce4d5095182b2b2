// The conditional operator, nested and right-associative.
const sign = n => (n > 0 ? "+" : n < 0 ? "-" : "0");
console.log([5, -3, 0, -0, NaN].map(sign).join(""));
let x = 5;
const y = x > 3 ? (x < 10 ? "mid" : "big") : "small";
console.log(y);
console.log(true ? 1 : 2, false ? 1 : 2, "" ? "t" : "f", [] ? "t" : "f");
let a = 0, b = 0;
true ? a++ : b++;
console.log(a, b);

// Numbers formatted inside strings in different ways.
const n = 1234.5;
console.log("n=" + n, `n=${n}`, n.toString(), n + "" === String(n));
console.log("" + 0.1 * 3, "" + 100 / 3, "" + 2 ** 60);
console.log("" + -5 + -5, "" + (-5 + -5));

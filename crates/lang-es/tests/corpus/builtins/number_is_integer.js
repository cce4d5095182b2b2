// Number.isInteger does not convert its argument.
const vals = [0, -0, 1, -1, 0.5, 1.0, 1e300, 2 ** 53, 2 ** 53 + 2, NaN, Infinity, "1", null, true, 5e-324, 9007199254740991.5];
console.log(vals.map(v => Number.isInteger(v)).join(" "));
console.log(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER === 2 ** 53 - 1, Number.isInteger(Number.MAX_SAFE_INTEGER));

// Math.floor versus bitwise truncation for large and negative values.
const vals = [3.7, -3.7, 2147483647.5, 2147483648.5, -2147483648.5, 4294967296.5, 1e10 + 0.3];
for (const v of vals) console.log(v, Math.floor(v), Math.trunc(v), v | 0, ~~v, v >>> 0);

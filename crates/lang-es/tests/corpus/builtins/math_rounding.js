// Math.floor, ceil, round and trunc, including halfway and negative cases.
const vs = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.4999, -0.5001, 1e21 + 0.5, 4503599627370495.5, -4503599627370495.5];
for (const v of vs) console.log(v, Math.floor(v), Math.ceil(v), Math.round(v), Math.trunc(v));
console.log(Math.round("2.5"), Math.floor(null), Math.ceil(undefined), Math.trunc("-7.9"));

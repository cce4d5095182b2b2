// Boolean() as a conversion function.
const vals = [0, -0, 1, NaN, "", "0", "false", " ", null, undefined, [], {}, Infinity, -1];
console.log(vals.map(v => Boolean(v)));
console.log(Boolean(), typeof Boolean(1), Boolean(Boolean));

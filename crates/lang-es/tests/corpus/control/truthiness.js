// Truthiness of all kinds of values in conditions.
const values = [0, -0, 1, -1, NaN, "", " ", "0", "false", null, undefined, [], {}, [0], Infinity, function () {}];
const out = [];
for (const v of values) out.push(v ? "T" : "F");
console.log(out.join(""));
let c = 0;
while ("x".length - c) c++;
console.log(c);

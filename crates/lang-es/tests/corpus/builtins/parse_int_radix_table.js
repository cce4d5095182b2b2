// Parsing the same string in every radix from 2 to 36.
const out = [];
for (let r = 2; r <= 36; r++) out.push(r + ":" + parseInt("7g3", r));
console.log(out.join(" "));
const out2 = [];
for (let r = 2; r <= 36; r += 2) out2.push(parseInt("10", r));
console.log(out2.join(","));

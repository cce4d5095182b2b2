// length and bracket indexing, including out-of-range indices.
const s = "hello";
console.log(s.length, s[0], s[4], s[5], s[-1]);
console.log(""[0], "".length);
const idx = 1.0;
console.log(s[idx], s["2"], s[1.5]);
let count = 0;
for (let i = 0; i < s.length; i++) if (s[i] === "l") count++;
console.log(count);

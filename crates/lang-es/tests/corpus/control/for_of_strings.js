// for-of over strings iterates code points, not code units.
let out = [];
for (const ch of "héllo") out.push(ch);
console.log(out);
out = [];
for (const ch of "a😀b") out.push(ch + ":" + ch.length);
console.log(out);
let count = 0;
for (const ch of "") count++;
console.log(count);

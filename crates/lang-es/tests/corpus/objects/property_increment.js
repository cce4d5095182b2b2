// Increment and compound assignment on properties evaluate the object once.
let calls = 0;
const o = { n: 1 };
function get() { calls++; return o; }
get().n++;
get().n += 10;
get()["n"] *= 2;
console.log(o.n, calls);
const counts = {};
for (const ch of "hello") counts[ch] = (counts[ch] ?? 0) + 1;
console.log(counts);

// Building a large string incrementally and checking its length.
let s = "";
for (let i = 0; i < 1000; i++) s += i % 10;
console.log(s.length, s.slice(0, 25), s.slice(-5));
const parts = [];
for (let i = 0; i < 50; i++) parts.push(String(i));
const joined = parts.join("");
console.log(joined.length, joined.indexOf("42"), joined.lastIndexOf("4"));

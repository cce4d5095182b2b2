// Arrays with more than six short items are grouped into aligned columns.
console.log([1, 2, 3, 4, 5, 6, 7]);
console.log([10, 200, 3, 4000, 5, 60, 7, 800]);
const a = [];
for (let i = 0; i < 26; i++) a.push(i * i);
console.log(a);
const s = [];
for (let i = 0; i < 12; i++) s.push("w" + "x".repeat(i % 4));
console.log(s);
console.log([1.5, -2, 300, 4, 5.25, 6, 7, -8]);

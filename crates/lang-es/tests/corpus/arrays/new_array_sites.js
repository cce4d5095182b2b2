// new Array(...) at sites that make arrays without calling the constructor's frame: lengths, elements,
// a site whose constructor changes late, and the RangeError of an invalid length at a compiled site.
let t = 0;
for (let i = 0; i < 200000; i++) { const a = new Array(i % 7); const b = new Array(1, 2, i); t += a.length + b.length + (b[2] === i ? 1 : 0); }
console.log(t, new Array(3), new Array("3"), new Array(2, 3));
let A = Array; let u = 0;
for (let i = 0; i < 5000; i++) { if (i === 4000) A = class extends Array {}; u += new A(3).length; }
console.log(u);
try { for (let i = 0; i < 3000; i++) new Array(i === 2999 ? -1 : 2); } catch (e) { console.log(e.name, e.message); }
try { new Array(1.5); } catch (e) { console.log(e.name, e.message); }

// Constructors and loops hot enough to compile that add properties past the ones kept inside
// the object: compiled code stores them in place while the object's further slots have room,
// and asks the runtime to make more room when they do not (here at the 9th and the 16th).
class Row {
  constructor(i) {
    this.a = i; this.b = i * 2; this.c = 'c' + i; this.d = i % 3 === 0;
    this.e = i + 0.5; this.f = null; this.g = [i]; this.h = { i };
    this.p9 = i + 9; this.p10 = i + 10; this.p11 = 'x' + i; this.p12 = i - 12;
    this.p13 = i * i; this.p14 = -i; this.p15 = i & 7; this.p16 = 'last' + i;
    this.p17 = i + 17;
  }
}
let sum = 0;
const keep = [];
for (let i = 0; i < 20000; i++) {
  const r = new Row(i);
  sum += r.a + r.p9 + r.p12 + r.p13 % 1000 + r.p15 + r.p17 + r.g[0] + r.h.i + r.p11.length + r.p16.length;
  if (i % 997 === 0) keep.push(r);
}
console.log(sum, keep.length);
for (const r of keep) console.log(r.a, r.c, r.d, r.e, r.f, r.p11, r.p14, r.p16, r.p17, Object.keys(r).length);

// Objects built one property at a time in a loop, each to a different width.
function grow(n, tag) {
  const o = {};
  for (let k = 0; k < n; k++) o['k' + k] = tag + k;
  return o;
}
let total = 0;
for (let i = 0; i < 3000; i++) {
  const o = grow(i % 40, i);
  for (const key of Object.keys(o)) total += o[key];
}
console.log(total);
const wide = grow(40, 1000);
console.log(wide.k0, wide.k8, wide.k9, wide.k15, wide.k16, wide.k39, Object.keys(wide).join(',').length);

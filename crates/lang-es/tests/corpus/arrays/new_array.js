// new Array(n) creates holes; new Array(a, b) creates elements.
const a = new Array(3);
console.log(a, a.length, a[0]);
const b = new Array(3, 4);
console.log(b);
const c = new Array("3");
console.log(c, c.length);
const d = new Array(0);
console.log(d, d.length);
const e = new Array(5).fill(0);
console.log(e);
const f = Array(2);
console.log(f.length);

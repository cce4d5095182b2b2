// Objects are compared by reference.
const a = { v: 1 };
const b = { v: 1 };
const c = a;
console.log(a === b, a === c, a == b);
c.v = 2;
console.log(a.v, b.v);
function change(o) { o.v = 99; }
change(b);
console.log(b);

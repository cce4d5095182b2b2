// Reading missing properties gives undefined; chains fail only on undefined/null.
const o = { a: { b: null } };
console.log(o.x, o.a.x, o.a.b);
console.log(o.x === undefined, typeof o.x);
try {
  console.log(o.a.b.c);
} catch (e) {
  console.log(e.message);
}
try {
  console.log(o.x.y);
} catch (e) {
  console.log(e.message);
}

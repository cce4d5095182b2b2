// Properties past the ones kept inside an object live in a buffer that moves when it grows.
// Compiled code finds the buffer once per straight path; adding properties (directly, through
// a second reference, or in a called function) grows it, and every read after that must see
// the values in the new buffer. Each function runs often enough to be compiled.
function make(i) {
  return { a: i, b: i + 1, c: i + 2, d: i + 3, e: i + 4, f: i + 5 };
}

function grow(o, n) {
  for (let k = 0; k < n; k++) o['q' + k] = k;
}

function addThenRead(o, i) {
  const before = o.e + o.f;
  o.g = i;
  o.h = i * 2;
  o.j = i * 3;
  o.e = o.e + 1;
  return before + o.e + o.f + o.g + o.h + o.j;
}

function throughAlias(a, b, i) {
  const x = a.f;
  b.r = x;
  b.s = x + 1;
  b.t = x + 2;
  b.u = x + 3;
  a.f = a.f + i;
  return a.e + a.f + b.u;
}

function afterCall(o, i) {
  const x = o.e;
  grow(o, (i % 7) + 1);
  o.e = x + 1;
  return o.e + o.f + (o.q0 ?? -1);
}

function keyedGrowth(o, key, i) {
  const x = o.f;
  o[key] = i;
  o.f = x + 2;
  return o.f + o.e;
}

let total = 0;
for (let i = 0; i < 3000; i++) {
  total += addThenRead(make(i), i);
  const o = make(i);
  total += throughAlias(o, o, i);
  total += throughAlias(make(i), make(i + 1), i);
  total += afterCall(make(i), i);
  total += keyedGrowth(make(i), 'k' + (i % 13), i);
}
console.log(total);

const o = make(1);
for (let i = 0; i < 40; i++) {
  o['w' + i] = i;
  o.f = o.f + o['w' + i];
}
console.log(o.f, Object.keys(o).length, o.w39, o.e);

// Objects with more properties than fit inside the object (the rest live in a separate
// array that grows as properties are added), read and written in loops hot enough to compile,
// while other objects of the same shape keep growing.
class Wide {
  constructor(i) {
    this.a = i; this.b = i + 1; this.c = i + 2; this.d = i + 3; this.e = i + 4;
    this.f = i + 5; this.g = i + 6; this.h = i + 7; this.i = i + 8; this.j = i + 9;
    this.k = i + 10; this.l = 'l' + i;
  }
}
const objs = [];
for (let i = 0; i < 40; i++) objs.push(new Wide(i));
let total = 0;
for (let r = 0; r < 2000; r++) {
  for (const o of objs) {
    o.k += o.i - o.j;
    total += o.a + o.k + o.l.length;
  }
  if (r % 500 === 0) {
    // More properties on one object while compiled code holds on to the others.
    const o = objs[r % objs.length];
    for (let n = 0; n < 30; n++) o['p' + n] = n;
  }
}
console.log(total, objs[0].k, objs[5].p29, objs[1].p3, Object.keys(objs[0]).length);
let sum = 0;
for (let r = 0; r < 3000; r++) {
  const o = objs[r % objs.length];
  sum += (o.p29 ?? -1) + (o.p0 ?? 0) + o.k;
}
console.log(sum);

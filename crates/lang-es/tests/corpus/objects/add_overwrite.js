// Adding and overwriting properties keeps the original insertion position.
const o = { a: 1, b: 2 };
o.c = 3;
o.a = 10;
o["d"] = 4;
o.b = undefined;
console.log(o);
const p = { z: 1, y: 2, x: 3 };
p.y = "changed";
p.w = 0;
console.log(p);

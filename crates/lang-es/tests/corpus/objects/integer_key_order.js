// Integer-like keys are listed first in ascending order, then strings in insertion order.
const o = { b: 1, 2: "two", a: 2, 1: "one", "10": "ten", "01": "zero-one", [-1]: "neg", 1.5: "frac" };
console.log(o);
console.log(Object.keys(o));
const p = {};
p.z = 1;
p[100] = 2;
p[5] = 3;
p["4294967294"] = 4;
p["4294967295"] = 5;
p.a = 6;
console.log(Object.keys(p));

// Object.keys on objects, arrays and class instances.
console.log(Object.keys({}), Object.keys({ a: 1, b: 2 }));
console.log(Object.keys([4, 5, 6]), Object.keys([, 1]));
class A { constructor() { this.x = 1; this.y = 2; } m() {} }
console.log(Object.keys(new A()));
const o = { c: 1 };
o.d = 2;
console.log(Object.keys(o).map(k => k + "=" + o[k]).join("&"));

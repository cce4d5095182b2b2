// An inlined callee reads an argument its caller did not pass as undefined: default parameters,
// `arguments`-free checks and derived constructors' defaults.
class Shape {
  area(scale = 2, missing) { return scale * (missing === undefined ? 10 : -1); }
}
class Derived extends Shape {
  constructor(v, w = 1e21) { super(); this.v = v; this.w = w; }
}
function make(i) { return new Derived(i); }
const s = new Shape();
let sum = 0, ws = 0;
for (let i = 0; i < 20000; i++) { sum += s.area(); ws += make(i).w === 1e21 ? 1 : 0; }
console.log(sum, ws);

// Summing areas of a heterogeneous collection through an abstract base.
class Shape {
  constructor(name) { this.name = name; }
  area() { throw new Error(this.name + " must implement area"); }
  toString() { return this.name + "(" + this.area().toFixed(2) + ")"; }
}
class Sq extends Shape { constructor(s) { super("Sq"); this.s = s; } area() { return this.s ** 2; } }
class Ci extends Shape { constructor(r) { super("Ci"); this.r = r; } area() { return Math.PI * this.r ** 2; } }
class Bad extends Shape { constructor() { super("Bad"); } }
const list = [new Sq(2), new Ci(1), new Sq(1.5)];
console.log(list.join(", "));
console.log(list.reduce((s, x) => s + x.area(), 0));
try {
  console.log(String(new Bad()));
} catch (e) {
  console.log(e.message);
}

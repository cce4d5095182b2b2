// Getters and setters are inherited and can be overridden.
class Base {
  constructor() { this._v = 1; }
  get v() { return this._v; }
  set v(x) { this._v = x; }
  get label() { return "base:" + this.v; }
}
class Doubler extends Base {
  get v() { return super.v * 2; }
  set v(x) { super.v = x + 1; }
}
const d = new Doubler();
console.log(d.v, d.label);
d.v = 10;
console.log(d.v, d._v, d.label);

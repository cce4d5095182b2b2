// An immutable 2D vector class with operator-like methods.
class Vec {
  constructor(x, y) { this.x = x; this.y = y; }
  plus(o) { return new Vec(this.x + o.x, this.y + o.y); }
  times(k) { return new Vec(this.x * k, this.y * k); }
  dot(o) { return this.x * o.x + this.y * o.y; }
  len() { return Math.hypot(this.x, this.y); }
  static zero() { return new Vec(0, 0); }
}
let v = Vec.zero();
for (let i = 1; i <= 10; i++) v = v.plus(new Vec(i, -i * 0.5));
console.log(v, v.len(), v.dot(new Vec(1, 1)), v.times(0.1));

// A class with a constructor, fields set in the constructor and methods.
class Point {
  constructor(x, y) {
    this.x = x;
    this.y = y;
  }
  norm() { return Math.sqrt(this.x * this.x + this.y * this.y); }
  add(o) { return new Point(this.x + o.x, this.y + o.y); }
  toString() { return "Point(" + this.x + ", " + this.y + ")"; }
}
const p = new Point(3, 4);
console.log(p.norm(), p.add(new Point(1, 1)).toString());
console.log(p);
console.log(String(p), `${p}`);

// Assigning to a getter-only accessor is silently ignored in sloppy code.
class Circle {
  constructor(r) { this.r = r; }
  get area() { return Math.PI * this.r * this.r; }
  get diameter() { return 2 * this.r; }
}
const c = new Circle(2);
console.log(c.area, c.diameter);
c.r = 3;
console.log(c.diameter, c.area.toFixed(4));
console.log(c);

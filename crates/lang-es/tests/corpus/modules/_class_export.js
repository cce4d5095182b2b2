// Helper module: the export is a class with a subclass attached as a property.
class Shape {
  constructor(name) { this.name = name; }
  area() { return 0; }
  describe() { return this.name + " with area " + this.area(); }
}
class Square extends Shape {
  constructor(s) { super("square"); this.s = s; }
  area() { return this.s * this.s; }
}
module.exports = Shape;
module.exports.Square = Square;

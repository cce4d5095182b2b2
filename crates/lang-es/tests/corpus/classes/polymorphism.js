// A polymorphic call site over many classes.
class Shape { area() { return 0; } name() { return "shape"; } }
class Square extends Shape { constructor(s) { super(); this.s = s; } area() { return this.s * this.s; } name() { return "square"; } }
class Rect extends Shape { constructor(w, h) { super(); this.w = w; this.h = h; } area() { return this.w * this.h; } name() { return "rect"; } }
class Circle extends Shape { constructor(r) { super(); this.r = r; } area() { return 3 * this.r * this.r; } name() { return "circle"; } }
class Tri extends Shape { constructor(b, h) { super(); this.b = b; this.h = h; } area() { return this.b * this.h / 2; } name() { return "tri"; } }
class Dot extends Shape {}
class Line extends Shape { name() { return "line"; } }
const shapes = [new Square(2), new Rect(2, 3), new Circle(1), new Tri(4, 5), new Dot(), new Line()];
let total = 0;
for (let i = 0; i < 6000; i++) total += shapes[i % shapes.length].area();
console.log(total);
console.log(shapes.map(s => s.name() + "=" + s.area()).join(" "));

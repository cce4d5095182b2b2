// Class instances print with their class name.
class Point { constructor(x, y) { this.x = x; this.y = y; } }
class Empty {}
class Sub extends Point { constructor() { super(1, 2); this.z = 3; } }
console.log(new Point(1, 2), new Empty(), new Sub());
console.log([new Point(0, 0)], { p: new Point(-0, 0.5) });
const Anon = class {};
console.log(new Anon());
console.log(new (class {})());
class WithArray { constructor() { this.items = [1, 2]; this.meta = { tag: "t" }; } }
console.log(new WithArray());

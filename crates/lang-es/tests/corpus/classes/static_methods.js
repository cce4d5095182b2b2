// Static methods and static fields belong to the class, not instances.
class MathUtil {
  static square(x) { return x * x; }
  static cube(x) { return x * MathUtil.square(x); }
  static fourth(x) { return this.square(this.square(x)); }
}
console.log(MathUtil.square(3), MathUtil.cube(3), MathUtil.fourth(3));
const m = new MathUtil();
console.log(typeof m.square, typeof MathUtil.square);
class Counter {
  static count = 0;
  static created = [];
  constructor(name) {
    Counter.count++;
    Counter.created.push(name);
  }
}
new Counter("a"); new Counter("b"); new Counter("c");
console.log(Counter.count, Counter.created);

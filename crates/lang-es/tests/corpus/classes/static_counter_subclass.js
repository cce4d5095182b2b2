// Static fields are separate per class once assigned on the subclass.
class Base {
  static count = 0;
  static inc() { this.count++; return this.count; }
}
class Sub extends Base {}
console.log(Base.inc(), Base.inc(), Sub.inc(), Sub.inc(), Base.count, Sub.count);

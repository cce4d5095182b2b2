// super.method() calls the parent implementation with the same this.
class Base {
  greet(x) { return "Base.greet(" + x + ") on " + this.id; }
  value() { return 1; }
}
class Mid extends Base {
  greet(x) { return "Mid>" + super.greet(x + 1); }
  value() { return super.value() * 10 + 2; }
}
class Leaf extends Mid {
  constructor() { super(); this.id = "leaf"; }
  greet(x) { return "Leaf>" + super.greet(x * 2); }
  value() { return super.value() * 10 + 3; }
}
const l = new Leaf();
console.log(l.greet(5));
console.log(l.value());

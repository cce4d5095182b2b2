// Field initialization order with inheritance: base fields, base ctor, derived fields, derived ctor.
const log = [];
function note(msg, v) { log.push(msg); return v; }
class Base {
  a = note("Base field a", 1);
  constructor() {
    note("Base constructor (a=" + this.a + ", c=" + this.c + ")");
    this.describe();
  }
  describe() { note("Base.describe"); }
  b = note("Base field b", 2);
}
class Derived extends Base {
  c = note("Derived field c", 3);
  constructor() {
    note("Derived constructor before super");
    super();
    note("Derived constructor after super (c=" + this.c + ")");
  }
  describe() { note("Derived.describe sees c=" + this.c); }
}
const d = new Derived();
console.log(log.join("\n"));
console.log(d);

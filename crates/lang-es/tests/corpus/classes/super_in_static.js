// super inside static methods refers to the parent class.
class Base {
  static create() { return "Base.create for " + this.name; }
  static version() { return 1; }
}
class Ext extends Base {
  static create() { return "Ext>" + super.create(); }
  static version() { return super.version() + 1; }
}
console.log(Ext.create(), Ext.version(), Base.version());

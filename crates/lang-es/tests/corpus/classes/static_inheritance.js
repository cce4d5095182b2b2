// Static methods and fields are inherited by subclasses.
class A {
  static kind = "A-kind";
  static make() { return new this(); }
  static describe() { return "I am " + this.name + " of " + this.kind; }
  who() { return "instance of A"; }
}
class B extends A {
  static kind = "B-kind";
  who() { return "instance of B"; }
}
class C extends A {}
console.log(A.describe(), B.describe(), C.describe());
console.log(A.make().who(), B.make().who(), C.make().who());
console.log(C.kind, B.kind);

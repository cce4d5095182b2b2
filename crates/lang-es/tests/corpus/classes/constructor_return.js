// A constructor returning an object replaces the new instance; primitives are ignored.
class A {
  constructor() {
    this.x = 1;
    return { replaced: true };
  }
}
class B {
  constructor() {
    this.x = 2;
    return 42;
  }
}
console.log(new A(), new A() instanceof A);
console.log(new B(), new B() instanceof B);

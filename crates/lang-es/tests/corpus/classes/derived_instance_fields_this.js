// A derived class field initializer can use values set by the base constructor.
class Base {
  constructor(n) { this.n = n; }
}
class Derived extends Base {
  doubled = this.n * 2;
  list = [this.n, this.doubled];
}
console.log(new Derived(21));

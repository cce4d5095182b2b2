// Methods live on the prototype and are shared; own arrow fields are not.
class A {
  f = () => 1;
  m() { return 2; }
}
const x = new A(), y = new A();
console.log(x.m === y.m, x.f === y.f, x.f(), y.m());
console.log(x);

// super.method works from within arrow functions inside methods.
class A { name() { return "A"; } }
class B extends A {
  name() { return "B"; }
  both() {
    const f = () => super.name() + "/" + this.name();
    return f();
  }
}
console.log(new B().both());

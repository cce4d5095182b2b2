// Subclass fields shadow parent fields of the same name.
class A {
  x = "A.x";
  y = "A.y";
  show() { return this.x + "," + this.y; }
}
class B extends A {
  x = "B.x";
  z = this.y + "+";
}
const b = new B();
console.log(b.show(), b.z);
console.log(b);

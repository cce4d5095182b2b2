// Class declarations are block scoped.
class A { who() { return "outer A"; } }
{
  class A { who() { return "inner A"; } }
  console.log(new A().who());
}
console.log(new A().who());
function make() {
  class Local { toString() { return "Local"; } }
  return new Local();
}
console.log("" + make(), typeof Local);

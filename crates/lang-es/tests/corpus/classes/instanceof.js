// instanceof follows the prototype chain.
class A {}
class B extends A {}
class C extends B {}
class D {}
const c = new C();
console.log(c instanceof C, c instanceof B, c instanceof A, c instanceof D);
console.log(new A() instanceof B, [] instanceof Array, {} instanceof Array);
const e = new TypeError("x");
console.log(e instanceof TypeError, e instanceof Error, e instanceof RangeError);
console.log(null instanceof A, 5 instanceof A);
function F() {}
console.log(new F() instanceof F);

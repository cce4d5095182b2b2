// console.log names an object's constructor only when the object is an instance of it
function F(a) { this.a = a; }
const f = function () {};
class A { constructor() { this.q = 1; } }
class B extends A {}
// A function's own prototype object is not an instance of the function.
console.log(f.prototype, F.prototype, A.prototype);
// A derived class's prototype is an instance of the base class.
console.log(B.prototype, new B(), new F(2));
console.log(Object.prototype);
// A `constructor` property of the object itself does not name it.
const o = {};
o.constructor = F;
console.log(o);
// Nor does a constructor that the object's prototype chain does not lead to.
F.prototype.constructor = A;
console.log(new F(1), F.prototype);
console.log([new F(3), { x: new B() }]);

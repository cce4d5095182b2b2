// console.log of classes themselves.
class A {}
class B extends A {}
const C = class {};
const D = class Named extends B {};
console.log(A, B, C, D);
console.log([A, B]);
console.log({ cls: A });
class S { static x = 1; static y = "two"; }
console.log(S);
console.log(typeof A, A.name, B.name, C.name, D.name);

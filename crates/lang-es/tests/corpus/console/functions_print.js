// Functions and classes print as [Function: name] and [class name].
function named() {}
const arrow = () => 1;
const anon = [function () {}, () => {}];
class A {}
class B extends A {}
console.log(named, arrow, anon, A, B);
console.log({ named, arrow, method() {} });
console.log([Math.max, console.log]);
const obj = { f: function () {}, g: function inner() {} };
console.log(obj);
console.log(class {}, class Nm {});

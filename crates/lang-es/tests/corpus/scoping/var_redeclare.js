// var can be redeclared; the later initializer wins.
var a = 1;
var a = 2;
console.log(a);
function f() {
  var b = "first";
  var b;
  return b;
}
console.log(f());
var fnOrVar = 1;
function fnOrVar2() {}
console.log(typeof fnOrVar, typeof fnOrVar2);

// A getter reached by a method call runs once per call even when an argument evaluated after
// the lookup deoptimizes compiled code the first time it sees a string (found by review: the
// resumed call looked the method up, and ran the getter, a second time).
let n = 0;
const o = {
  get m() { n++; return (x) => x; },
  get x() { n++; return 1; },
  set x(v) {},
};
function viaMethod(v) { return o.m(v + 1); }
function viaComputed(v) { return o["m"](v + 1); }
function viaCompound(v) { o.x += v + 1; }
class Base { get hook() { n++; return (x) => x; } }
class Derived extends Base { run(v) { return super.hook(v + 1); } }
const d = new Derived();
for (let i = 0; i < 3; i++) {
  viaMethod(i); viaComputed(i); viaCompound(i); d.run(i);
}
console.log(n, viaMethod("s"), viaComputed("t"), d.run("u"));
viaCompound("v");
console.log(n);

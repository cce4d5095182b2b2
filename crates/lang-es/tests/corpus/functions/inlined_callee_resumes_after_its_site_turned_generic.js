// A call site that compiled code called directly, with its callee inlined, turns generic while
// that callee is suspended in a call: after the call the code is no longer valid, and the
// callee must resume after the call, not start over (its count would go up twice).
let armed = false;
class A {
  constructor() { this.n = 0; }
  m(k) {
    this.n++;
    const r = helper(k);
    return r + this.n;
  }
}
class B { m(k) { return 1; } }
class C { m(k) { return 2; } }
class D { m(k) { return 3; } }
class E { m(k) { return 4; } }
class F { m(k) { return 5; } }
function u(o, k) { return o.m(k); }
function helper(k) {
  if (armed) {
    armed = false;
    u(new B(), 0); u(new C(), 0); u(new D(), 0); u(new E(), 0); u(new F(), 0);
  }
  return k;
}
const a = new A();
let s = 0;
for (let i = 0; i < 3000; i++) s += u(a, i);
armed = true;
s += u(a, 7);
for (let i = 0; i < 100; i++) s += u(a, i);
console.log(s, a.n);

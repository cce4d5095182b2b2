// A `new` site that compiled code called directly, with its constructor inlined, turns generic
// while the constructor is suspended in a call: the constructor resumes after the call rather
// than starting over (the count would go up twice, and a second object would be made).
let armed = false;
let count = 0;
class A {
  constructor(k) {
    count++;
    this.v = helper(k) + count;
  }
}
class B { constructor(k) { this.v = 1; } }
class C { constructor(k) { this.v = 2; } }
class D { constructor(k) { this.v = 3; } }
function u(K, k) { return new K(k); }
function helper(k) {
  if (armed) {
    armed = false;
    u(B, 0); u(C, 0); u(D, 0);
  }
  return k;
}
let s = 0;
for (let i = 0; i < 3000; i++) s += u(A, i).v;
armed = true;
s += u(A, 7).v;
for (let i = 0; i < 100; i++) s += u(A, i).v;
console.log(s, count);

// `new` sites that call one constructor call its code directly; these check that doing so
// keeps JavaScript's semantics: the object is made after the arguments are evaluated, a
// returned object replaces it, derived classes and builtins make their own, a second
// constructor turns the site generic, and classes made in a loop are told apart.

function Point(x, y) {
  this.x = x;
  this.y = y;
}
function Boxed(v) {
  this.v = v;
  if (v > 100) return { replaced: v };
  return 7;
}
class Base {
  constructor(n) { this.n = n; }
  total() { return this.n; }
}
class Derived extends Base {
  constructor(n) { super(n * 2); this.extra = 1; }
  total() { return super.total() + this.extra; }
}

function makePoint(i) { return new Point(i, i + 1); }
function makeBoxed(i) { return new Boxed(i); }
function makeDerived(i) { return new Derived(i); }
function makeArray(n) { return new Array(n); }
function make(C, i) { return new C(i); }

let sum = 0;
for (let i = 0; i < 3000; i++) {
  const p = makePoint(i);
  sum += p.x + p.y;
  const b = makeBoxed(i % 200);
  sum += b.replaced !== undefined ? b.replaced : b.v;
  sum += makeDerived(i).total();
  sum += makeArray(i % 5).length;
}
console.log(sum);

// The prototype is read after the arguments: an argument that replaces it is seen.
function Late() {}
let side = 0;
for (let i = 0; i < 2000; i++) new Late(side++);
const before = new Late(0);
const after = new Late((Late.prototype = { tag: "new prototype" }, 0));
console.log(before.tag, after.tag, Object.getPrototypeOf === undefined);

// One site, then a second constructor.
let kinds = [];
for (let i = 0; i < 2000; i++) {
  const o = make(i < 1500 ? Point : Base, i);
  if (i % 500 === 0 || i === 1499) kinds.push(o instanceof Point ? "Point" : "Base");
}
console.log(kinds.join(","));

// Classes made in a loop: each is a different constructor with its own prototype.
let names = [];
for (let i = 0; i < 300; i++) {
  const C = class { constructor() { this.i = i; } who() { return "class " + this.i; } };
  const o = make(C, 0);
  if (i % 100 === 99) names.push(o.who(), o instanceof C);
}
console.log(names.join(" "));

try {
  make(() => 1, 0);
} catch (e) {
  console.log(e.name, e.message);
}

// A deoptimization inside the constructor's inlined code resumes with the object already made
// and partly filled: the fields set before it are kept.
class Pair {
  constructor(a, b) {
    this.first = a;
    this.sum = a + b;
    this.second = b;
  }
}
function makePair(a, b) { return new Pair(a, b); }
let acc = 0;
for (let i = 0; i < 5000; i++) acc += makePair(i, 1).sum;
const odd = makePair("x", 2);
const big = makePair(2147483647, 2147483647);
console.log(acc, odd.first, odd.sum, odd.second, big.sum, Object.keys(big).join(","));

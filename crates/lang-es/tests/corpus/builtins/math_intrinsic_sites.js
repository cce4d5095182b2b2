// Math calls a site computes in place (sqrt, abs, floor, ceil, trunc, two-argument min and max):
// each site below runs long enough to be compiled, then meets what its compiled code did not
// expect: doubles after integers, strings and objects that ToNumber converts, -0 and NaN, the
// edges of int32, and a different function under the same name.

function sum(f, n, arg) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    s += f(arg(i));
  }
  return s;
}

const ints = (i) => i - 1000;
const halves = (i) => i / 2 - 500.25;
console.log("sqrt", Math.sqrt(16), Math.sqrt(2), Math.sqrt(-1), Math.sqrt(-0), Math.sqrt("49"), Math.sqrt());

// One site per function, integers first, then doubles: the site widens, the results agree.
function sqrtSite(x) { return Math.sqrt(x); }
function absSite(x) { return Math.abs(x); }
function floorSite(x) { return Math.floor(x); }
function ceilSite(x) { return Math.ceil(x); }
function truncSite(x) { return Math.trunc(x); }
for (const [name, site] of [["sqrt", sqrtSite], ["abs", absSite], ["floor", floorSite], ["ceil", ceilSite], ["trunc", truncSite]]) {
  const a = sum(site, 5000, (i) => (name === "sqrt" ? i : ints(i)));
  const b = sum(site, 5000, halves);
  console.log(name, a, b, site(-0), site(NaN), site(-0.5), site(2147483647), site(-2147483648), site(4294967296.5));
  console.log(name, "converts", site("  12.5 "), site(true), site(null), site(undefined), site([7]), site({ valueOf() { return -3.5; } }));
  console.log(name, "after", sum(site, 3000, halves));
}

// Results that are int32 stay integers: as array indexes, as keys.
const arr = [];
for (let i = 0; i < 3000; i++) {
  arr[Math.floor(i / 3)] = Math.ceil(i / 7);
}
console.log(arr.length, arr[999], Object.keys({ [Math.sqrt(9)]: 1, [Math.sqrt(2)]: 2 }));
// Zeros by sign: 1 / x tells them apart.
const zero = (x) => (x === 0 ? (1 / x > 0 ? "+0" : "-0") : x);
console.log(zero(Math.floor(-0.5)), zero(Math.ceil(-0.5)), zero(Math.trunc(-0.2)), zero(Math.abs(-0)));

// min and max of two: integers, then doubles, zeros of both signs, NaN; other arities call.
function minSite(a, b) { return Math.min(a, b); }
function maxSite(a, b) { return Math.max(a, b); }
let m = 0;
for (let i = 0; i < 5000; i++) {
  m += minSite(i, 2500) - maxSite(i % 7, 3);
}
console.log("min/max ints", m);
for (let i = 0; i < 5000; i++) {
  m += minSite(i * 0.5, 1200.25) + maxSite(-i, -0.5);
}
console.log("min/max doubles", m);
console.log(zero(minSite(0, -0)), zero(minSite(-0, 0)), zero(maxSite(-0, 0)), zero(maxSite(0, -0)), zero(minSite(-0, -0)), zero(maxSite(0, 0)));
console.log(minSite(NaN, 1), maxSite(1, NaN), minSite(-Infinity, 3), maxSite(Infinity, 3), minSite("4", 5), maxSite("x", 1));
console.log(Math.min(), Math.max(), Math.min(3), Math.max(1, 2, 3), Math.min(4, -1, 2));

// The name bound to another function: the site calls it.
function rounded(x) { return Math.floor(x); }
let r = 0;
for (let i = 0; i < 5000; i++) r += rounded(i + 0.75);
const original = Math.floor;
Math.floor = (x) => x * 10;
for (let i = 0; i < 10; i++) r += rounded(i + 0.75);
Math.floor = original;
console.log("replaced", r, rounded(2.5));

// Called through a variable, and as a method of another object.
const f = Math.abs;
const o = { abs: Math.abs, sqrt: (x) => -x };
let q = 0;
for (let i = 0; i < 5000; i++) q += f(i - 2500) + o.abs(-i) + o.sqrt(i);
console.log("through values", q);

// A throwing conversion inside an intrinsic site: the error comes from the call.
try {
  sqrtSite({ valueOf() { throw new Error("no number"); } });
} catch (e) {
  console.log("caught", e.message);
}
try {
  sqrtSite({ valueOf() { return {}; }, toString() { return {}; } });
} catch (e) {
  console.log("caught", e.constructor.name, e.message);
}

// A call site through a value (a callback, a closure) learns the code its callees run and calls
// that code directly, whichever closure runs it; these sites run long enough to be compiled and
// then meet closures of other code, builtins, classes and values that are not functions.

function apply(fn, x) {
  return fn(x);
}

// Fresh closures of one code, each with its own captured value.
let total = 0;
for (let i = 0; i < 20000; i++) {
  const k = i % 13;
  total += apply((x) => x * k + 1, i);
}
console.log("one code", total);

// Now closures of other code, then a builtin, then a bound-like wrapper: the site calls each.
total = 0;
for (let i = 0; i < 3000; i++) {
  const k = i % 5;
  const fns = [(x) => x - k, function (x) { return x * 2 + k; }, Math.abs, String, (x) => "s" + x];
  const r = apply(fns[i % fns.length], i - 1500);
  total += typeof r === "string" ? r.length : r;
}
console.log("many codes", total);

// A closure whose captured variable changes between calls, and one that writes it.
function counter() {
  let n = 0;
  return { inc: () => ++n, get: () => n };
}
const counters = [];
for (let i = 0; i < 50; i++) counters.push(counter());
let sum = 0;
for (let round = 0; round < 200; round++) {
  for (const c of counters) {
    sum += apply(c.inc, 0);
  }
}
console.log("captured", sum, counters[7].get());

// A callee that deoptimizes inside (its argument turns from integers to strings).
function each(list, fn) {
  let acc = 0;
  for (let i = 0; i < list.length; i++) acc = fn(acc, list[i]);
  return acc;
}
const nums = [];
for (let i = 0; i < 5000; i++) nums.push(i);
let s = 0;
for (let r = 0; r < 10; r++) s += each(nums, (a, b) => a + b);
console.log("sums", s, each(["a", "b", 3], (a, b) => a + b), each([1.5, 2.25], (a, b) => a + b));

// A value that is not a function, and a class, at a site that has called closures.
function callIt(f) {
  return f(1);
}
for (let i = 0; i < 5000; i++) callIt((x) => x);
for (const bad of [undefined, null, 3, "f", {}, class A {}]) {
  try {
    callIt(bad);
  } catch (e) {
    console.log(e.constructor.name, e.message);
  }
}

// `this` of a callee called through a value: undefined in strict code, and the receiver of a
// method call through the same code.
"use strict";
function who() {
  return this === undefined ? "undefined" : typeof this;
}
let seen = "";
for (let i = 0; i < 3000; i++) {
  const f = i % 1000 === 0 ? who : (x) => x;
  seen = apply(f, 0) === 0 ? seen : seen + apply(f, 0) + ",";
}
const holder = { who };
console.log(seen, holder.who());

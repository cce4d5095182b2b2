// Immediately invoked function expressions create private scopes.
const counter = (function () {
  let c = 0;
  return { inc: () => ++c, get: () => c };
})();
counter.inc(); counter.inc();
console.log(counter.get());
const r = (() => 5 * 5)();
console.log(r);
(function (a, b) { console.log("iife args", a, b); })(1, "two");
const v = (function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); })(6);
console.log(v);

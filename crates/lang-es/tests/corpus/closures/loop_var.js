// Closures over a var loop variable all share one binding.
const fns = [];
for (var i = 0; i < 5; i++) fns.push(() => i);
console.log(fns.map(f => f()), i);
const fns2 = [];
for (var j = 0; j < 3; j++) {
  (function (k) { fns2.push(() => k); })(j);
}
console.log(fns2.map(f => f()));

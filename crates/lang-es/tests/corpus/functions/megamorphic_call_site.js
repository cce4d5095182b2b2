// One call site that calls many different functions (so it calls through the callee), hot
// enough to compile, then a class, a non-function and a builtin at the same site: each must
// behave as node's, the errors included.
const fns = [
  (x) => x + 1,
  function (x) { return x * 2; },
  (x) => x - 3,
  Math.abs,
  String,
  function named(x) { return this === undefined ? x : -x; },
  (x) => [x].length,
];
function apply(f, x) {
  return f(x);
}
let total = 0;
for (let i = 0; i < 30000; i++) {
  const r = apply(fns[i % fns.length], i - 15000);
  total += typeof r === 'number' ? r : r.length;
}
console.log(total);

class Point {
  constructor(x) { this.x = x; }
}
for (const callee of [Point, 42, null, undefined, 'f', {}, Math.max, (x) => x]) {
  try {
    console.log(apply(callee, 7));
  } catch (e) {
    console.log(e instanceof TypeError, e.message);
  }
}

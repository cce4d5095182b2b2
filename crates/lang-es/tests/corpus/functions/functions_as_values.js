// Functions stored in arrays and objects and passed around.
const ops = {
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  div: (a, b) => a / b,
};
for (const name of Object.keys(ops)) console.log(name, ops[name](12, 4));
const pipeline = [x => x + 1, x => x * 2, x => x - 3];
let v = 5;
for (const f of pipeline) v = f(v);
console.log(v);
function apply(f, ...args) { return f(...args); }
console.log(apply(Math.max, 3, 9, 2), apply(ops.mul, 6, 7));

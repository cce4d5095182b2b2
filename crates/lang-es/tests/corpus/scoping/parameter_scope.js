// Default parameters can refer to earlier parameters and outer variables.
const base = 100;
function f(a, b = a * 2, c = a + b + base) { return [a, b, c]; }
console.log(f(1), f(1, 1), f(1, undefined, 0), f(1, null));
function g(x, y = () => x) {
  x = "reassigned";
  return y();
}
console.log(g("original"));

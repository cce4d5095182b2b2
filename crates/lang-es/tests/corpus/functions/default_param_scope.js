// Default parameter expressions are evaluated at call time, left to right.
let base = 1;
function f(a = base, b = a + 1, c = b * 2) { return [a, b, c]; }
console.log(f());
base = 10;
console.log(f(), f(5), f(5, 0));
function g(x, y = x.length) { return y; }
console.log(g("hello"), g([1, 2]), g("a", 9));

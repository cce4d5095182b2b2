// A named function expression's name is visible only inside it.
const fact = function inner(n) { return n <= 1 ? 1 : n * inner(n - 1); };
console.log(fact(5), typeof inner);
const g = function self() { return typeof self; };
console.log(g());

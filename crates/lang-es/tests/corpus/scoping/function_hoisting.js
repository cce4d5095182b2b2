// Function declarations are hoisted with their bodies.
console.log(square(5));
function square(n) { return n * n; }
console.log(typeof later, later());
function later() { return "defined below"; }
function outer() {
  return inner();
  function inner() { return "inner hoisted"; }
}
console.log(outer());

// Reading an undeclared variable throws an uncaught ReferenceError.
function compute(a) {
  return a + missingVariable;
}
console.log("before");
console.log(compute(1));

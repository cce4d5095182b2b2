// Functions defined inside functions can see outer variables.
function outer(a) {
  function middle(b) {
    function inner(c) {
      return a + b + c;
    }
    return inner(b * 10);
  }
  return middle(a * 10);
}
console.log(outer(1), outer(2));

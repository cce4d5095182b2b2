// Case clauses share one scope: a let declared in a later case is in its TDZ.
function f(k) {
  switch (k) {
    case 1:
      let msg = "one";
      return msg;
    case 2:
      return msg;
  }
}
console.log(f(1));
console.log(f(2));

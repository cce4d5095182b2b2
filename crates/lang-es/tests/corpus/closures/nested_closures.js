// Three levels of nested closures each capturing different variables.
function level1(a) {
  return function level2(b) {
    return function level3(c) {
      return function level4(d) { return [a, b, c, d].join("-"); };
    };
  };
}
console.log(level1("w")("x")("y")("z"));
const partial = level1(1)(2);
console.log(partial(3)(4), partial("c")("d"));

// An operator's operand that reads a variable keeps the value it read, even when the other
// operand then assigns the variable: also when the operator's integer speculation fails after
// both operands ran (a double, a string, an overflow) and the interpreter takes over there.
function add(a, b) {
  return a + (a = b, b);
}
function lessAfterWrite(a, b) {
  return a < (a = b);
}
function compound(k, d) {
  k += (k = d, d);
  return k;
}
let total = 0;
for (let i = 0; i < 5000; i++) {
  total += add(i, 1) + (lessAfterWrite(i, i + 1) ? 1 : 0) + compound(i, 2);
}
console.log(total);
console.log(add(10, 0.5), add(2147483647, 2147483647), add(3, "x"));
console.log(lessAfterWrite(1, 0.5), lessAfterWrite("b", "a"), compound(7, 0.25), compound(2147483647, 2147483647));

// A loop replaced by compiled code (on-stack replacement) after a few iterations, whose body
// has an if with a call in one arm and an overflow in the other. Lowering keeps, per open
// scope, what the slot cells held when it opened; closing a scope did not drop that snapshot,
// so the next arm compared its cells with a closed scope's and took a cell for current when it
// was not. An exit then skipped writing the loop counter back, and each resumption started the
// loop again from an old counter: the program never ended.
function f4(a, b) {
}
function op00(a) {
  op03();
}
function op03(a) {
  mkobj();
}
function mkobj() {
  new();
}
function main() {
  i28 = 0;
  while (i28 < 300) {
    i28 = i28 + 1;
    if (i28 == 1) {
      f4(op00());
    } else {
      9223372036854775807 + i28;
    }
  }
  println(i28);
}

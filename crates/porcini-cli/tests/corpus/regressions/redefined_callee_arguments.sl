// Reduced by porcini-difftest from a generated program (seed 151). The callee is redefined while
// its compiled caller runs, so the caller's call site compares the callee with the target it
// cached and calls the new one in the other arm of that test. Both arms were evaluated with one
// list of pushed arguments, which the first arm's call took: the redefined callee was called
// without its argument and added NULL (the cause of polymorphic_call_arguments too).
function target1(x) {
}

function caller1(x) {
  return target1(x);
}

function main() {
  i1 = 0;
  while (i1 < 15) {
    println(caller1(i1));
    if (i1 == 0) {
      defineFunction("function target1(x) { return 9223372036854775807 + x; }");
    }
    i1 = i1 + 1;
  }
}

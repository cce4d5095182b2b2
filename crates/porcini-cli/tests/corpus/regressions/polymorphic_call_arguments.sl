// A call site that has seen two functions calls the first cached target in one arm of a branch
// and the second in the other. Partial evaluation ran both arms with one list of pushed
// arguments, and the first arm's call took them, so compiled code called the second target
// without arguments (its parameter read NULL).
function inc(x) { return x + 1; }
function dbl(x) { return x * 2; }
function apply(f, x) { return f(x); }
function pick(i) { if (i == (i / 2) * 2) { return inc; } return dbl; }
function main() {
  i = 0;
  while (i < 6) {
    println(apply(pick(i), i));
    i = i + 1;
  }
}

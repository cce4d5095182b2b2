function f(a) {
  if (a == 1) {
    return x;
  }
  x = 7;
  return x;
}

function main() {
  println(f(2, 3, 4));
  println(f(1, 2, 3));
}

// Every way a function can complete: a final return (the body's tail return), an early return
// from inside an if or a loop, a bare return, and falling off the end.
function early(n) {
  if (n < 0) {
    return "negative";
  }
  while (n > 10) {
    return "big";
  }
  return n + 1;
}

function bare() {
  println("bare runs");
  return;
}

function none() {
  x = 1;
}

function onlyReturn(a, b) {
  return a * b;
}

function nested(n) {
  if (n == 0) {
    return 0;
  }
  return nested(n - 1) + early(n);
}

function main() {
  println(early(0 - 3));
  println(early(42));
  println(early(5));
  println(bare());
  println(none());
  println(onlyReturn(6, 7));
  println(nested(5));
  i = 0;
  sum = 0;
  while (i < 1000) {
    sum = sum + onlyReturn(i, 2);
    i = i + 1;
  }
  return sum;
}

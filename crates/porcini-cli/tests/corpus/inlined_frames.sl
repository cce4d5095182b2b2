// Callees inlined into a loop make calls of their own: `trace` walks the stack from inside
// three inlined levels, `greet` has a builtin write a local of its inlined frame, and `deep`
// overflows three levels down after a property write at each level.
function trace(x) {
  s = stacktrace();
  if (x != 2999) {
    s = "";
  }
  return s;
}
function middle(x) {
  m = x + 1;
  return trace(m - 1);
}
function top(x) {
  t = x * 2;
  return middle(t / 2);
}
function greet(x) {
  hello = x;
  helloEqualsWorld();
  return hello;
}
function c(o, x) { o.c = o.c + 1; return x + x; }
function b(o, x) { o.b = o.b + 1; return c(o, x) + 1; }
function a(o, x) { o.a = o.a + 1; return b(o, x) + 1; }
function main() {
  o = new(); o.a = 0; o.b = 0; o.c = 0;
  i = 0; last = ""; g = ""; s = 0;
  while (i < 3000) {
    r = top(i);
    if (r != "") { last = r; }
    g = greet(i);
    s = a(o, i * 3000000000000000);
    i = i + 1;
  }
  println(last);
  println(g);
  println(s);
  println(o.a + " " + o.b + " " + o.c);
}

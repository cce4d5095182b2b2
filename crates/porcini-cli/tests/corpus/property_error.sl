function main() {
  o = new();
  o.x = 1;
  println(o.x);
  n = 5;
  return n.y;
}

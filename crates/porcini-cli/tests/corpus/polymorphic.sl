function add(a, b) { return a + b; }
function main() {
  i = 0; s = "";
  while (i < 100) { s = add(s, add(i, 1)); i = i + 1; }
  println(add(1, 2));
  println(add("a", 1 == 1));
  return add(9223372036854775807, 1);
}

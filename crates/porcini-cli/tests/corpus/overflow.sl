function main() {
  x = 9223372036854775807;
  println(x + 1);
  println(3000000000000 * 4000000000000);
  println((x + 1) - 1);
  println(0 - 9223372036854775807 - 1 - 1);
  return (x + 1) / 2;
}

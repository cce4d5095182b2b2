function main() {
  println(x);
  x = 1;
}

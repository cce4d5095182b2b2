function main() {
  println("before");
  return 1 / 0;
}

function main() {
  i = 0;
  a = new();
  b = a;
  while (i < 300000) {
    a = new(); b = new();
    a.other = b; b.other = a;
    i = i + 1;
  }
  return a.other.other == a;
}

/*
 * Strings built by concatenation (ropes inside the engine) behave as flat strings: equality,
 * property keys, printing, code for defineFunction, and deep nesting both ways.
 */
function repeat(piece, n) {
  s = "";
  i = 0;
  while (i < n) {
    s = s + piece;
    i = i + 1;
  }
  return s;
}

function prependAll(piece, n) {
  s = "";
  i = 0;
  while (i < n) {
    s = piece + s;
    i = i + 1;
  }
  return s;
}

function main() {
  left = repeat("ab", 2000);
  right = prependAll("ab", 2000);
  println(left == right);
  println(left == right + "a");
  println(left == repeat("ab", 1999) + "ab");
  println(repeat("xyz", 5) == "xyzxyzxyzxyzxyz");

  obj = new();
  obj[repeat("key-", 8)] = 42;
  println(obj["key-key-key-key-" + repeat("key-", 4)]);

  numbers = "";
  i = 0;
  while (i < 30) {
    numbers = numbers + i + ",";
    i = i + 1;
  }
  println(numbers);

  wide = repeat("é€", 20);
  println(wide);
  println(wide == prependAll("é€", 20));

  code = "function made() { return " + repeat("6 * ", 3) + "7; }";
  defineFunction(code);
  println(made());

  nested = "<>";
  i = 0;
  while (i < 20) {
    nested = "(" + nested + ")";
    i = i + 1;
  }
  println(nested);
  println(repeat("z", 3) + 1 + 2);
  println(1 + 2 + repeat("z", 14));
  println(repeat("tail", 4) - 1);
}

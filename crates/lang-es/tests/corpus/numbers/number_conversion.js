// Number() conversion of strings with whitespace, signs, hex and junk.
const inputs = ["42", " 42 ", "\n\t42\n", "-42", "+42", "4.2e1", ".5", "5.", "0x2A",
  "0b101", "0o17", "", " ", "42px", "Infinity", "-Infinity", "infinity", "1e1000",
  "0.1e-400", "--1", "1_000", "00012", "-0"];
for (const s of inputs) {
  console.log(JSON_like(s), Number(s));
}
function JSON_like(s) {
  return "[" + s.split("\n").join("\\n").split("\t").join("\\t") + "]";
}
console.log(Number(true), Number(false), Number(null), Number(undefined));
console.log(Number([]), Number([7]), Number(["8"]), Number([1, 2]), Number({}));

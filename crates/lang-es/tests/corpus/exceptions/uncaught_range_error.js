// An uncaught RangeError from a built-in.
const sizes = [3, 2, -1];
for (const s of sizes) {
  const a = new Array(s);
  console.log("made array of length", a.length);
}

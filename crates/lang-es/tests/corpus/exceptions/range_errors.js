// RangeErrors from built-ins with invalid arguments.
const tests = [
  () => new Array(-1),
  () => new Array(1.5),
  () => "x".repeat(-1),
  () => "x".repeat(Infinity),
  () => (255).toString(1),
  () => (255).toString(37),
  () => (1.5).toFixed(101),
  () => { const a = []; a.length = -1; },
];
for (const t of tests) {
  try {
    t();
    console.log("no error");
  } catch (e) {
    console.log(e.name + ": " + e.message);
  }
}

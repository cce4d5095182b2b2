// A caught error that is rethrown and then escapes.
function load() { throw new RangeError("index 10 out of range"); }
try {
  load();
} catch (e) {
  console.log("logging:", e.message);
  throw e;
}

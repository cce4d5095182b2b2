// Nested try blocks: inner catch handles, outer sees only rethrown errors.
function level(n) {
  try {
    if (n === 0) throw new Error("bottom");
    return level(n - 1);
  } catch (e) {
    if (n < 2) throw new Error(e.message + "<" + n);
    return "handled at " + n + ": " + e.message;
  } finally {
    console.log("unwinding", n);
  }
}
console.log(level(4));

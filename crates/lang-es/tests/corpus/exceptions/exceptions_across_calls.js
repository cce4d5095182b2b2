// Exceptions unwind several call frames.
function a(n) { return b(n) + 1; }
function b(n) { return c(n) * 2; }
function c(n) { if (n < 0) throw new RangeError("negative: " + n); return n; }
console.log(a(5));
try {
  console.log(a(-3));
} catch (e) {
  console.log("caught", e.name, e.message);
}
console.log(a(0));

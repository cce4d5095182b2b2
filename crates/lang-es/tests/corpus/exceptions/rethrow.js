// Catching, inspecting and rethrowing errors.
function risky(n) {
  if (n > 2) throw new RangeError("too big: " + n);
  return n;
}
function wrapper(n) {
  try {
    return risky(n);
  } catch (e) {
    if (e instanceof RangeError) {
      console.log("wrapper saw", e.name);
      throw e;
    }
    return -1;
  }
}
for (const n of [1, 5]) {
  try {
    console.log("result", wrapper(n));
  } catch (e) {
    console.log("outer caught", e.message, e instanceof RangeError);
  }
}

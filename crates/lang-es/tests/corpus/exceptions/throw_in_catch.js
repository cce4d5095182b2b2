// An error thrown in catch propagates after finally runs.
function f() {
  try {
    throw new Error("first");
  } catch (e) {
    throw new Error("second after " + e.message);
  } finally {
    console.log("finally runs");
  }
}
try {
  f();
} catch (e) {
  console.log(e.message);
}

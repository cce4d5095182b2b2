// An error thrown in finally replaces the original error.
function f() {
  try {
    throw new Error("original");
  } finally {
    throw new Error("from finally");
  }
}
try {
  f();
} catch (e) {
  console.log(e.message);
}

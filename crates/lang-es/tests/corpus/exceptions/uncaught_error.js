// An uncaught Error at the end of a program reports it and exits with status 1.
console.log("before the error");
function fail() {
  throw new Error("something went wrong");
}
fail();
console.log("not reached");

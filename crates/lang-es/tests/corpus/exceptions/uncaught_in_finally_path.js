// An error escaping through finally blocks, which still run.
function cleanup(name) { console.log("cleanup", name); }
function outer() {
  try {
    inner();
  } finally {
    cleanup("outer");
  }
}
function inner() {
  try {
    throw new TypeError("bad input in inner");
  } finally {
    cleanup("inner");
  }
}
outer();

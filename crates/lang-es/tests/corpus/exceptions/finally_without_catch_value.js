// try/finally without catch: the try value is returned after finally runs.
let trace = [];
function compute() {
  try {
    trace.push("compute");
    return 10;
  } finally {
    trace.push("finally");
  }
}
const v = compute() + compute();
console.log(v, trace);

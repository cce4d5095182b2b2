// Retrying an operation until it succeeds.
let failuresLeft = 3;
function flaky() {
  if (failuresLeft > 0) {
    failuresLeft--;
    throw new Error("transient failure, " + failuresLeft + " left");
  }
  return "success";
}
let result;
for (let attempt = 1; attempt <= 5; attempt++) {
  try {
    result = flaky();
    console.log("attempt", attempt, result);
    break;
  } catch (e) {
    console.log("attempt", attempt, "failed:", e.message);
  }
}

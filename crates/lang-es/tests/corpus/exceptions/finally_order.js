// finally runs after try and after catch, in order.
const log = [];
try {
  log.push("try");
} finally {
  log.push("finally 1");
}
try {
  log.push("try 2");
  throw new Error("x");
} catch (e) {
  log.push("catch 2");
} finally {
  log.push("finally 2");
}
try {
  try {
    throw new Error("inner");
  } finally {
    log.push("inner finally");
  }
} catch (e) {
  log.push("outer catch " + e.message);
}
console.log(log.join("\n"));

// switch on expressions with case expressions evaluated in order.
const log = [];
function v(x) { log.push("case " + x); return x; }
function test(x) {
  switch (x * 2) {
    case v(1): return "one";
    case v(2): return "two";
    case v(4): return "four";
    default: return "none";
  }
}
console.log(test(1), log.join(", "));
log.length = 0;
console.log(test(5), log.join(", "));
switch (true) {
  case 1 > 2: console.log("no"); break;
  case "a" < "b": console.log("string compare matched"); break;
}

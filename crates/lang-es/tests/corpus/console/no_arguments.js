// console.log with no arguments prints an empty line.
console.log("before");
console.log();
console.log("after");
console.log("");
console.log("end");

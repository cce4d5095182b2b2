// console.log with several arguments of different kinds separated by spaces.
console.log("a", 1, true, null, undefined);
console.log(1, 2, 3);
console.log("x" + 1, 2 + 3, "y");
console.log();
console.log("");
console.log("end");

// repeat with various counts.
console.log("ab".repeat(3), "[" + "x".repeat(0) + "]", "-".repeat(20));
console.log("abc".repeat(2.9), "".repeat(100).length);
let tri = [];
for (let i = 1; i <= 5; i++) tri.push(" ".repeat(5 - i) + "*".repeat(2 * i - 1));
console.log(tri.join("\n"));

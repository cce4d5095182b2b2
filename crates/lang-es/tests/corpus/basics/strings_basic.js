// Basic string operations: concatenation, length and comparison.
const first = "Easy";
const second = 'Script';
const full = first + second;
console.log(full, full.length);
console.log(full[0], full[full.length - 1], full[100]);
console.log("abc" < "abd", "a" < "B", "Z" < "a");
console.log("10" < "9", 10 < 9);
console.log("it's", 'say "hi"');

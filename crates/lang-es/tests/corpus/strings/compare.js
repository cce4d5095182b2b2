// String comparison is lexicographic by UTF-16 code units.
console.log("a" < "b", "a" < "B", "B" < "a", "apple" < "apples", "" < "a");
console.log("Z" < "a", "10" < "2", "abc" > "ab", "abc" === "abc");
console.log("é" > "z", "\u00ff" < "\u0100", "\uffff" > "\ud83d\ude00");
console.log("A".charCodeAt(0), "a".charCodeAt(0), "Ü" > "U");
const words = ["banana", "Apple", "cherry", "apple", "Banana", "_x", "1a"];
console.log(words.sort());

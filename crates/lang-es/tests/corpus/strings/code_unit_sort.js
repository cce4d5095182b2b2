// Default sort orders strings by UTF-16 code units, not by code point.
const arr = ["\uff61", "\ud83d\ude00", "a", "Z", "é", "ä", "ab", "A", "aa"];
arr.sort();
const codes = arr.map(s => s.charCodeAt(0).toString(16));
console.log(codes.join(" "));
console.log(arr.length, arr[0], arr[arr.length - 1] === "\uff61");

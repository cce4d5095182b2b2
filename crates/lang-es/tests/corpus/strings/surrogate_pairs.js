// Strings are sequences of UTF-16 code units; astral characters use two.
const s = "a😀b";
console.log(s.length, s.charCodeAt(1), s.charCodeAt(2), s.charCodeAt(3));
console.log(s.slice(1, 3) === "😀", s.indexOf("b"));
const parts = [];
for (const ch of s) parts.push(ch);
console.log(parts.length, parts);
const units = [];
for (let i = 0; i < s.length; i++) units.push(s.charCodeAt(i).toString(16));
console.log(units.join(" "));
console.log("😀".split("").length, "👍🏽".length);

// Reading past the end of a string gives undefined with [] and "" with charAt.
const s = "ab";
console.log(s[2], typeof s[2], s.charAt(2) === "", typeof s.charAt(2));
console.log(s[-1], s.charCodeAt(2));
console.log(s["length"], s["0"]);

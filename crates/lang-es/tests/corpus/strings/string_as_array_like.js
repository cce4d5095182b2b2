// Strings behave like read-only arrays of code units.
const s = "array";
console.log(s.length, s[0], s.charAt(0) === s[0]);
const copy = [];
for (let i = s.length - 1; i >= 0; i--) copy.push(s[i]);
console.log(copy.join(""));
console.log([..."spread"], [..."😀x"].length);

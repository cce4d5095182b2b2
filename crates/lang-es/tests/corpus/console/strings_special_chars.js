// Special characters in strings inside arrays are escaped.
console.log(["\u0000", "\u0007", "\u001b", "\u007f"]);
console.log(["é", "日本", "😀", "\u00a0"]);
console.log(["\\", "\\n", "'", "\""]);
console.log("top\u0007level and tab\tand é");

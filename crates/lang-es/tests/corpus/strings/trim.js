// trim removes whitespace including tabs and newlines from both ends.
const raw = "  \t hello world \n ";
const t = raw.trim();
console.log("[" + t + "]", t.length, raw.length);
console.log("[" + "   ".trim() + "]", "[" + "x".trim() + "]");
console.log("[" + "\n\r\t a b \t\r\n".trim() + "]");
console.log("[" + "\u00a0nbsp\u00a0".trim() + "]");

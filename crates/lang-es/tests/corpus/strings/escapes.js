// Escape sequences in string literals.
console.log("tab:\tend");
console.log("newline:\nnext");
console.log("quote: \" and \' and \\");
console.log("hex: \x41\x42, unicode: \u0043\u{44} \u{1F600}");
console.log("null char length:", "a\0b".length);
console.log("vertical\vtab and form\ffeed".length);
console.log('single \'quoted\'', "line \
continued");
console.log("\u00e9" === "é", "\u{1F600}".length);

// parseInt with junk suffixes, whitespace, signs and radix.
const inputs = ["42", "  42abc", "-17.9", "+5", "0x1A", "0X1a", "010", "1e3", "", "   ", "abc", "12 34", "-0", "9007199254740993", "12345678901234567890"];
for (const s of inputs) console.log("[" + s + "]", parseInt(s));
console.log(parseInt("101", 2), parseInt("z", 36), parseInt("Z", 36), parseInt("8", 8), parseInt("10", 37), parseInt("10", 1), parseInt("10", 0));
console.log(parseInt(15.99), parseInt(-0.0000005), parseInt(1e21), parseInt(null), parseInt("Infinity"));
console.log(parseInt("ff", 16), parseInt("0xff", 10), parseInt("-ff", 16), parseInt("  -0x10"));

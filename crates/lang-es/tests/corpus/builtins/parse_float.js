// parseFloat accepts a decimal prefix and ignores the rest.
const inputs = ["3.14", "  3.14xyz", "-0.5", ".5", "5.", "1e3", "1e", "1e+2x", "-1.5E-3", "Infinity", "-Infinityx", "0x10", "", "abc", "1.2.3", "+.7", "--1", "  \n 42 "];
for (const s of inputs) console.log(JSON_like(s), parseFloat(s));
function JSON_like(s) { return "[" + s.split("\n").join("\\n") + "]"; }
console.log(parseFloat("-0"), 1 / parseFloat("-0"), parseFloat("1e400"), parseFloat("0.1e-400"));

// Number conversion of strings with exotic whitespace and formats.
const inputs = ["\u00a01\u00a0", "\u20281", "1\u3000", "١", "1,000", "1 000", "0.0000001", "-.0", "00.5", "5e-0", "0x", "0b", "Infinityx", "+Infinity"];
for (const s of inputs) console.log(s.length, Number(s), parseFloat(s), parseInt(s));

// Strings made from numbers support all string methods.
const n = 1234567;
const s = String(n);
console.log(s.length, s.split("").reverse().join(""), s.indexOf("4"), s.slice(-3));
console.log(s.padStart(10, "0"), s.includes("345"), (n * 1000).toString().length);
console.log(String(2 ** 53).length, String(0.1 + 0.2).length);

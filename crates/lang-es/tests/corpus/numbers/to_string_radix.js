// Number.prototype.toString with a radix for integers.
const n = 255;
console.log(n.toString(), n.toString(2), n.toString(8), n.toString(16), n.toString(36));
console.log((0).toString(2), (-255).toString(16), (35).toString(36));
console.log((2147483647).toString(2), (2147483648).toString(16));
console.log((4294967295).toString(16), (-2147483648).toString(2));
console.log((9007199254740991).toString(16), (123456789).toString(7));
for (let r = 2; r <= 36; r += 5) console.log(r, (1000000).toString(r));
console.log((10).toString(10), (3.0).toString(2));

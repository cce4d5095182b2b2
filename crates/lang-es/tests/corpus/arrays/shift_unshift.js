// shift and unshift at the front of an array.
const a = [1, 2, 3];
console.log(a.shift(), a);
console.log(a.unshift(0), a);
console.log(a.unshift(-2, -1), a);
console.log([].shift(), [].unshift());
const q = [];
for (let i = 0; i < 5; i++) q.push(i);
let out = "";
while (q.length > 0) out += q.shift();
console.log(out);

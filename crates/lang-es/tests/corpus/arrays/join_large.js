// Joining many numbers, including doubles.
const a = [];
for (let i = 0; i < 30; i++) a.push(i / 4);
console.log(a.join(" "));
const b = [];
for (let i = 0; i < 20; i++) b.push(2 ** (i * 4));
console.log(b.join(","));

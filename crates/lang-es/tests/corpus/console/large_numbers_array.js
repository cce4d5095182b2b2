// Arrays of large and tiny numbers in grouped output.
const xs = [];
for (let i = 0; i < 12; i++) xs.push(10 ** (i * 2));
console.log(xs);
const ys = [];
for (let i = 1; i <= 9; i++) ys.push(10 ** -i);
console.log(ys);

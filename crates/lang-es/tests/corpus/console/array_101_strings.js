// More than 100 strings in an array.
const a = [];
for (let i = 0; i < 103; i++) a.push("s" + i);
console.log(a);

// Spread copies and combines arrays; holes become undefined.
const a = [1, 2, 3];
const b = [...a];
b.push(4);
console.log(a, b);
console.log([...a, ...a], [0, ...a, 4], [..."hi"]);
console.log([...[1, , 3]]);

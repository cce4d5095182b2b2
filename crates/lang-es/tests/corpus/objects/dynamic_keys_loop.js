// Building an object with keys computed in a loop.
const squares = {};
for (let i = 1; i <= 5; i++) squares["sq" + i] = i * i;
console.log(squares);
const inverse = {};
for (const k of Object.keys(squares)) inverse[squares[k]] = k;
console.log(inverse);

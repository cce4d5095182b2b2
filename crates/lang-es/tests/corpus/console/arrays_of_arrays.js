// Matrices and jagged arrays.
console.log([[1, 2], [3, 4]]);
const m = [];
for (let i = 0; i < 8; i++) {
  const row = [];
  for (let j = 0; j < 8; j++) row.push(i * j);
  m.push(row);
}
console.log(m);
console.log([[1], [1, 2], [1, 2, 3], []]);

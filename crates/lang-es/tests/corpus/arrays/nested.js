// Two-dimensional arrays: creation, access and mutation.
const grid = [];
for (let r = 0; r < 3; r++) {
  const row = [];
  for (let c = 0; c < 4; c++) row.push(r * 4 + c);
  grid.push(row);
}
console.log(grid);
grid[1][2] = "x";
console.log(grid[1], grid[2][3], grid.length, grid[0].length);
const t = grid[0].map((_, c) => grid.map(row => row[c]));
console.log(t);

// Returning from inside nested loops and switch.
function find(matrix, target) {
  for (let i = 0; i < matrix.length; i++) {
    for (let j = 0; j < matrix[i].length; j++) {
      switch (matrix[i][j]) {
        case target: return [i, j];
        default: continue;
      }
    }
  }
  return null;
}
console.log(find([[1, 2], [3, 4]], 3), find([[1]], 5));

// Multiplying small matrices stored as arrays of arrays.
function mul(a, b) {
  const n = a.length, m = b[0].length, k = b.length;
  const c = [];
  for (let i = 0; i < n; i++) {
    c.push(new Array(m).fill(0));
    for (let j = 0; j < m; j++) {
      for (let t = 0; t < k; t++) c[i][j] += a[i][t] * b[t][j];
    }
  }
  return c;
}
const A = [[1, 2], [3, 4], [5, 6]];
const B = [[7, 8, 9], [10, 11, 12]];
console.log(mul(A, B));
console.log(mul([[0.1, 0.2]], [[0.3], [0.4]]));

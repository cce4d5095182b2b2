// Counting lattice paths with recursion and memoization in a 2D array.
function paths(n, m) {
  const memo = [];
  for (let i = 0; i <= n; i++) memo.push(new Array(m + 1).fill(-1));
  function go(i, j) {
    if (i === 0 || j === 0) return 1;
    if (memo[i][j] !== -1) return memo[i][j];
    return (memo[i][j] = go(i - 1, j) + go(i, j - 1));
  }
  return go(n, m);
}
console.log(paths(2, 2), paths(5, 5), paths(10, 10), paths(16, 16), paths(30, 30));

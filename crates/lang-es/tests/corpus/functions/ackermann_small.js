// The Ackermann function for small arguments and its call count.
let calls = 0;
function A(m, n) {
  calls++;
  if (m === 0) return n + 1;
  if (n === 0) return A(m - 1, 1);
  return A(m - 1, A(m, n - 1));
}
for (const [m, n] of [[0, 0], [1, 2], [2, 2], [2, 5], [3, 3]]) {
  calls = 0;
  console.log(`A(${m}, ${n}) = ${A(m, n)} in ${calls} calls`);
}

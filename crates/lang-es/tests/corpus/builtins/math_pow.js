// Math.pow versus the ** operator with special values.
const cases = [[2, 10], [2, 0.5], [-2, 3], [-2, 0.5], [0, 0], [0, -1], [-0, -1], [NaN, 0], [1, Infinity], [-1, Infinity], [2, -Infinity], [0.5, -Infinity], [10, 308], [10, 309], [2, -1074], [2, -1075]];
for (const [b, e] of cases) {
  console.log(b, e, Math.pow(b, e), b ** e, Math.pow(b, e) === b ** e);
}

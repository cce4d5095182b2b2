// Newton's method for square roots compared to Math.sqrt.
function newton(x) {
  let g = x / 2;
  for (let i = 0; i < 30; i++) g = (g + x / g) / 2;
  return g;
}
for (const x of [2, 9, 10, 1e10, 0.25, 12345.678]) {
  console.log(x, newton(x), Math.sqrt(x), newton(x) === Math.sqrt(x));
}

// Building ranges with loops, fill and map.
function range(a, b, step) {
  const out = [];
  for (let i = a; step > 0 ? i < b : i > b; i += step) out.push(i);
  return out;
}
console.log(range(0, 10, 1), range(10, 0, -3), range(0, 1, 0.25));
console.log(new Array(5).fill(0).map((_, i) => i * i));

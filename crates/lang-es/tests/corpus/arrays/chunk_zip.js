// Chunking arrays and zipping two arrays together.
function chunk(a, n) {
  const out = [];
  for (let i = 0; i < a.length; i += n) out.push(a.slice(i, i + n));
  return out;
}
function zip(a, b) { return a.map((x, i) => [x, b[i]]); }
console.log(chunk([1, 2, 3, 4, 5, 6, 7], 3));
console.log(zip(["a", "b", "c"], [1, 2]));

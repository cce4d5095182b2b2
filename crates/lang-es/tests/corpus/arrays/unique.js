// Removing duplicates while keeping the first occurrence.
function unique(a) {
  const out = [];
  for (const x of a) if (!out.includes(x)) out.push(x);
  return out;
}
console.log(unique([3, 1, 3, 2, 1, 3]));
console.log(unique(["a", "b", "a", "A"]));
console.log(unique([NaN, NaN, 0, -0]));

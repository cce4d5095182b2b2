// Comparing arrays element-wise versus by reference.
function eq(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (Array.isArray(a[i]) && Array.isArray(b[i])) { if (!eq(a[i], b[i])) return false; }
    else if (a[i] !== b[i]) return false;
  }
  return true;
}
console.log([1, 2] === [1, 2], eq([1, 2], [1, 2]), eq([1, [2, 3]], [1, [2, 3]]), eq([1], [1, 2]));
console.log([1, 2] == "1,2", [1, 2].toString(), String([[]]), String([[1], [2]]));

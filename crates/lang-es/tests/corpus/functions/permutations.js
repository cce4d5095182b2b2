// Generating permutations recursively.
function perms(arr) {
  if (arr.length <= 1) return [arr];
  const out = [];
  for (let i = 0; i < arr.length; i++) {
    const rest = arr.slice(0, i).concat(arr.slice(i + 1));
    for (const p of perms(rest)) out.push([arr[i], ...p]);
  }
  return out;
}
console.log(perms([1, 2, 3]).map(p => p.join("")).join(" "));
console.log(perms(["a", "b", "c", "d"]).length);

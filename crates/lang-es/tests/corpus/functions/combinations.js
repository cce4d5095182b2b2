// Subsets and combinations with recursion.
function subsets(a) {
  if (a.length === 0) return [[]];
  const rest = subsets(a.slice(1));
  return rest.concat(rest.map(s => [a[0], ...s]));
}
console.log(subsets([1, 2, 3]));
function choose(a, k) {
  if (k === 0) return [[]];
  if (a.length < k) return [];
  const [h, ...t] = a;
  return choose(t, k - 1).map(c => [h, ...c]).concat(choose(t, k));
}
console.log(choose(["a", "b", "c", "d"], 2).map(c => c.join("")));

// Recursion over nested data: depth, count and sum.
const tree = { v: 1, kids: [{ v: 2, kids: [] }, { v: 3, kids: [{ v: 4, kids: [] }, { v: 5, kids: [{ v: 6, kids: [] }] }] }] };
function depth(t) { return 1 + t.kids.reduce((m, k) => Math.max(m, depth(k)), 0); }
function count(t) { return 1 + t.kids.reduce((s, k) => s + count(k), 0); }
function sum(t) { return t.v + t.kids.reduce((s, k) => s + sum(k), 0); }
function paths(t, prefix) {
  const here = prefix + t.v;
  if (t.kids.length === 0) return [here];
  return t.kids.reduce((acc, k) => acc.concat(paths(k, here + ">")), []);
}
console.log(depth(tree), count(tree), sum(tree), paths(tree, ""));

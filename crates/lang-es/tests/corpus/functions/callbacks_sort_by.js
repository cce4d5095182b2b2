// Generic helpers taking key functions.
function sortBy(arr, key) { return arr.slice().sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)); }
function groupBy(arr, key) {
  const g = {};
  for (const x of arr) {
    const k = key(x);
    if (!(k in g)) g[k] = [];
    g[k].push(x);
  }
  return g;
}
const words = ["kiwi", "apple", "fig", "banana", "cherry", "date"];
console.log(sortBy(words, w => w.length));
console.log(sortBy(words, w => w[w.length - 1]));
console.log(groupBy(words, w => w.length));

// Checking anagrams by sorting characters.
function key(w) { return w.toLowerCase().split("").sort().join(""); }
const words = ["listen", "silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog"];
const groups = {};
const order = [];
for (const w of words) {
  const k = key(w);
  if (!(k in groups)) { groups[k] = []; order.push(k); }
  groups[k].push(w);
}
for (const k of order) console.log(k, groups[k]);

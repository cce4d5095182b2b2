// Counting characters with an object used as a dictionary.
const text = "mississippi river";
const counts = {};
for (const ch of text) {
  if (ch in counts) counts[ch]++;
  else counts[ch] = 1;
}
console.log(counts);
const keys = Object.keys(counts).sort();
console.log(keys.map(k => k + "=" + counts[k]).join(","));

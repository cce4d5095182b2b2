// Using a plain object as a dictionary with counts.
const words = "one two three two one two four".split(" ");
const dict = {};
for (const w of words) dict[w] = (dict[w] || 0) + 1;
console.log(dict);
const keys = Object.keys(dict);
console.log(keys.length, keys);
let total = 0;
for (const k of keys) total += dict[k];
console.log(total);

// Word frequency counting with split, toLowerCase and a dictionary object.
const text = "the cat and the hat and the bat sat on the mat";
const freq = {};
const order = [];
for (const w of text.split(" ")) {
  if (freq[w] === undefined) { freq[w] = 0; order.push(w); }
  freq[w]++;
}
order.sort((a, b) => freq[b] - freq[a] || (a < b ? -1 : a > b ? 1 : 0));
for (const w of order) console.log(w.padEnd(4), freq[w]);

// Using an object's keys as a set of seen values.
const seen = {};
const input = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5];
const dups = [];
for (const x of input) {
  if (seen[x]) dups.push(x);
  else seen[x] = true;
}
console.log(dups, Object.keys(seen));

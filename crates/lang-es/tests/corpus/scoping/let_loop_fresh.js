// Each iteration of a for-let loop has its own copy, even when mutated in the body.
const pending = [];
function setLater(f) { pending.push(f); }
const got = [];
for (let i = 0; i < 4; i++) {
  setLater(() => got.push(i));
  if (i === 1) i++;
}
pending.forEach(f => f());
console.log(got);
const seen = [];
for (let i = 0, j = 10; i < 3; i++, j--) setLater(() => seen.push(i + ":" + j));
pending.forEach(f => f());
console.log(seen);

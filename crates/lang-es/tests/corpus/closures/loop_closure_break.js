// Closures created in a loop that exits early with break.
const fns = [];
for (let i = 0; i < 100; i++) {
  if (i === 4) break;
  fns.push(() => i * i);
}
console.log(fns.length, fns.map(f => f()));
const fns2 = [];
for (let i = 0; i < 6; i++) {
  if (i % 2 === 0) continue;
  fns2.push(() => i);
}
console.log(fns2.map(f => f()));

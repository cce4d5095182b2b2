// Infinite loops exited with break, return and a labelled break.
function firstSquareAbove(n) {
  for (let i = 0; ; i++) if (i * i > n) return i;
}
console.log(firstSquareAbove(50), firstSquareAbove(1000000));
let k = 0;
for (;;) { if (++k >= 7) break; }
console.log(k);

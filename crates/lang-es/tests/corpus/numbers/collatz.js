// Collatz sequence lengths; intermediate values exceed int32.
function steps(n) {
  let c = 0;
  while (n !== 1) {
    n = n % 2 === 0 ? n / 2 : 3 * n + 1;
    c++;
  }
  return c;
}
let best = 0, bestN = 0;
for (let i = 1; i < 3000; i++) {
  const s = steps(i);
  if (s > best) { best = s; bestN = i; }
}
console.log(bestN, best);
let n = 1410123943, peak = n;
while (n !== 1) { n = n % 2 === 0 ? n / 2 : 3 * n + 1; if (n > peak) peak = n; }
console.log(peak);

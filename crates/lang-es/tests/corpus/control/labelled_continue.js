// Labelled continue skips to the next iteration of an outer loop.
const primes = [];
candidates: for (let n = 2; n < 40; n++) {
  for (let d = 2; d * d <= n; d++) {
    if (n % d === 0) continue candidates;
  }
  primes.push(n);
}
console.log(primes.join(" "));
const pairs = [];
rows: for (const a of [1, 2, 3]) {
  for (const b of [1, 2, 3]) {
    if (b > a) continue rows;
    pairs.push(a + "" + b);
  }
}
console.log(pairs);

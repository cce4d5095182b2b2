// Prime checking by trial division.
function isPrime(n) {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) {
    if (n % d === 0) return false;
  }
  return true;
}
const ps = [];
for (let i = 0; i < 100; i++) if (isPrime(i)) ps.push(i);
console.log(ps.length, ps.join(","));
console.log(isPrime(2147483647), isPrime(1000000007), isPrime(1000000008));

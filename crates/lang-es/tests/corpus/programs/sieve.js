// Sieve of Eratosthenes in the style of the AWFY Sieve benchmark, run repeatedly.
class Sieve {
  constructor(size) {
    this.size = size;
  }

  run() {
    const flags = new Array(this.size).fill(true);
    return this.sieve(flags, this.size);
  }

  sieve(flags, size) {
    let primeCount = 0;
    for (let i = 2; i <= size; i += 1) {
      if (flags[i - 1]) {
        primeCount += 1;
        for (let k = i + i; k <= size; k += i) {
          flags[k - 1] = false;
        }
      }
    }
    return primeCount;
  }

  primesUpTo(limit) {
    const flags = new Array(limit + 1).fill(true);
    flags[0] = false;
    flags[1] = false;
    for (let i = 2; i * i <= limit; i++) {
      if (flags[i]) {
        for (let k = i * i; k <= limit; k += i) flags[k] = false;
      }
    }
    const out = [];
    for (let i = 0; i <= limit; i++) if (flags[i]) out.push(i);
    return out;
  }
}

const s = new Sieve(5000);
let total = 0;
for (let iter = 0; iter < 20; iter++) total += s.run();
console.log("5000 -> " + s.run() + " primes, 20 runs total " + total);
console.log("verify:", s.run() === 669);
for (const n of [10, 100, 1000, 10000, 100000]) {
  console.log(n, new Sieve(n).run());
}
const primes = s.primesUpTo(100);
console.log(primes.join(" "));
let twin = 0;
const big = s.primesUpTo(10000);
for (let i = 1; i < big.length; i++) if (big[i] - big[i - 1] === 2) twin++;
console.log("twin prime pairs below 10000:", twin);
let maxGap = 0, gapAt = 0;
for (let i = 1; i < big.length; i++) {
  const g = big[i] - big[i - 1];
  if (g > maxGap) { maxGap = g; gapAt = big[i - 1]; }
}
console.log("largest gap:", maxGap, "after", gapAt);

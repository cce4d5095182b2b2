// Counting permutations by swapping, like the AWFY Permute benchmark.
class Permute {
  constructor() {
    this.count = 0;
    this.v = null;
    this.seen = [];
  }

  run(n, record) {
    this.count = 0;
    this.v = new Array(n).fill(0);
    for (let i = 0; i < n; i++) this.v[i] = i + 1;
    this.record = record;
    this.seen = [];
    this.permute(n);
    return this.count;
  }

  permute(n) {
    this.count++;
    if (this.record && n === 0) this.seen.push(this.v.join(""));
    if (n !== 0) {
      const n1 = n - 1;
      this.permute(n1);
      for (let i = n1; i >= 0; i--) {
        this.swap(n1, i);
        this.permute(n1);
        this.swap(n1, i);
      }
    }
  }

  swap(i, j) {
    const tmp = this.v[i];
    this.v[i] = this.v[j];
    this.v[j] = tmp;
  }
}

const p = new Permute();
for (let n = 0; n <= 7; n++) console.log("n =", n, "calls =", p.run(n, false));
p.run(3, true);
console.log(p.seen);
const unique = [];
for (const s of p.seen) if (!unique.includes(s)) unique.push(s);
console.log(unique.length, unique.sort().join(","));
console.log("AWFY result for 6:", p.run(6, false), p.run(6, false) === 8660);

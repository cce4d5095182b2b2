// Methods calling other methods through this, including recursion.
class Calc {
  constructor() { this.calls = 0; }
  fact(n) { this.calls++; return n <= 1 ? 1 : n * this.fact(n - 1); }
  choose(n, k) { return this.fact(n) / (this.fact(k) * this.fact(n - k)); }
  isEven(n) { this.calls++; return n === 0 ? true : this.isOdd(n - 1); }
  isOdd(n) { this.calls++; return n === 0 ? false : this.isEven(n - 1); }
}
const c = new Calc();
console.log(c.choose(10, 3), c.calls);
console.log(c.isEven(10), c.isOdd(7), c.isEven(7), c.calls);

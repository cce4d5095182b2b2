// Arbitrary precision arithmetic on digit arrays: factorials, powers and Fibonacci.
class BigNum {
  constructor(digits) { this.d = digits; }
  static of(n) {
    const d = [];
    do { d.push(n % 10000); n = Math.floor(n / 10000); } while (n > 0);
    return new BigNum(d);
  }
  add(o) {
    const out = [];
    let carry = 0;
    for (let i = 0; i < Math.max(this.d.length, o.d.length) || carry; i++) {
      const s = (this.d[i] || 0) + (o.d[i] || 0) + carry;
      out.push(s % 10000);
      carry = Math.floor(s / 10000);
    }
    return new BigNum(out);
  }
  mulSmall(k) {
    const out = [];
    let carry = 0;
    for (let i = 0; i < this.d.length || carry; i++) {
      const p = (this.d[i] || 0) * k + carry;
      out.push(p % 10000);
      carry = Math.floor(p / 10000);
    }
    return new BigNum(out);
  }
  mul(o) {
    const out = new Array(this.d.length + o.d.length).fill(0);
    for (let i = 0; i < this.d.length; i++) {
      let carry = 0;
      for (let j = 0; j < o.d.length || carry; j++) {
        const cur = out[i + j] + this.d[i] * (o.d[j] || 0) + carry;
        out[i + j] = cur % 10000;
        carry = Math.floor(cur / 10000);
      }
    }
    while (out.length > 1 && out[out.length - 1] === 0) out.pop();
    return new BigNum(out);
  }
  toString() {
    let s = String(this.d[this.d.length - 1]);
    for (let i = this.d.length - 2; i >= 0; i--) s += String(this.d[i]).padStart(4, "0");
    return s;
  }
  digitSum() { let s = 0; for (const ch of this.toString()) s += ch.charCodeAt(0) - 48; return s; }
}

let f = BigNum.of(1);
for (let i = 2; i <= 50; i++) f = f.mulSmall(i);
console.log("50! =", String(f));
console.log("digits:", String(f).length, "digit sum:", f.digitSum());
let p = BigNum.of(1);
for (let i = 0; i < 100; i++) p = p.mulSmall(2);
console.log("2^100 =", String(p));
console.log("2^200 =", String(p.mul(p)));
let a = BigNum.of(0), b = BigNum.of(1);
for (let i = 0; i < 150; i++) { const t = a.add(b); a = b; b = t; }
console.log("fib(150) =", String(a));
console.log(String(BigNum.of(9007199254740991).mul(BigNum.of(9007199254740991))));
console.log(String(BigNum.of(0)), String(BigNum.of(10000)), String(BigNum.of(99999999).add(BigNum.of(1))));

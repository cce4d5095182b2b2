// Polynomials with integer coefficients: arithmetic, evaluation, derivatives and printing.
class Poly {
  constructor(coeffs) {
    const c = coeffs.slice();
    while (c.length > 1 && c[c.length - 1] === 0) c.pop();
    this.c = c;
  }
  degree() { return this.c.length - 1; }
  add(o) {
    const n = Math.max(this.c.length, o.c.length);
    const r = [];
    for (let i = 0; i < n; i++) r.push((this.c[i] || 0) + (o.c[i] || 0));
    return new Poly(r);
  }
  mul(o) {
    const r = new Array(this.c.length + o.c.length - 1).fill(0);
    for (let i = 0; i < this.c.length; i++)
      for (let j = 0; j < o.c.length; j++) r[i + j] += this.c[i] * o.c[j];
    return new Poly(r);
  }
  derive() { return new Poly(this.c.slice(1).map((x, i) => x * (i + 1)).concat(this.c.length === 1 ? [0] : [])); }
  evaluate(x) { let s = 0; for (let i = this.c.length - 1; i >= 0; i--) s = s * x + this.c[i]; return s; }
  toString() {
    const terms = [];
    for (let i = this.c.length - 1; i >= 0; i--) {
      const k = this.c[i];
      if (k === 0) continue;
      const abs = Math.abs(k);
      const coef = abs === 1 && i > 0 ? "" : String(abs);
      const pow = i === 0 ? "" : i === 1 ? "x" : "x^" + i;
      terms.push((k < 0 ? "-" : "+") + coef + pow);
    }
    if (terms.length === 0) return "0";
    let s = terms.join(" ").split(" +").join(" + ").split(" -").join(" - ");
    return s[0] === "+" ? s.slice(1) : s;
  }
}

const p = new Poly([1, 1]);
let q = new Poly([1]);
for (let i = 0; i < 8; i++) {
  q = q.mul(p);
  if (i % 2 === 1) console.log("(x+1)^" + (i + 1) + " = " + q);
}
const a = new Poly([-1, 0, 3, -2]);
console.log(String(a), "| degree", a.degree(), "| a(2) =", a.evaluate(2), "| a'(x) =", String(a.derive()));
console.log(String(a.add(new Poly([1, 0, -3, 2]))), String(new Poly([0, -1])), String(new Poly([5]).derive()));
const big = new Poly([1, 1]);
let b = big;
for (let i = 0; i < 60; i++) b = b.mul(big);
console.log(b.c[30], b.evaluate(1), b.evaluate(1) === 2 ** 61);

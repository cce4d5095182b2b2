// Exact rational arithmetic with normalisation, used to sum series and solve equations.
function gcd(a, b) { a = Math.abs(a); b = Math.abs(b); while (b) { [a, b] = [b, a % b]; } return a; }

class Rational {
  constructor(n, d = 1) {
    if (d === 0) throw new RangeError("zero denominator");
    if (d < 0) { n = -n; d = -d; }
    const g = gcd(n, d) || 1;
    this.n = n / g;
    this.d = d / g;
  }
  add(o) { return new Rational(this.n * o.d + o.n * this.d, this.d * o.d); }
  sub(o) { return new Rational(this.n * o.d - o.n * this.d, this.d * o.d); }
  mul(o) { return new Rational(this.n * o.n, this.d * o.d); }
  div(o) { return new Rational(this.n * o.d, this.d * o.n); }
  lt(o) { return this.n * o.d < o.n * this.d; }
  equals(o) { return this.n === o.n && this.d === o.d; }
  toString() { return this.d === 1 ? String(this.n) : this.n + "/" + this.d; }
  valueOf() { return this.n / this.d; }
}

let h = new Rational(0);
for (let i = 1; i <= 15; i++) h = h.add(new Rational(1, i));
console.log("H(15) =", String(h), "~", +h);
let s = new Rational(0);
for (let i = 1; i <= 10; i++) s = s.add(new Rational(1, i * (i + 1)));
console.log("telescoping sum =", String(s));
const a = new Rational(3, -4), b = new Rational(-6, 8);
console.log(String(a), String(b), a.equals(b), String(a.mul(b)), String(a.div(new Rational(1, 2))));
console.log(String(new Rational(0, 5)), String(new Rational(10, 5)), new Rational(1, 3) < new Rational(1, 2));
console.log(new Rational(1, 3).lt(new Rational(1, 2)), String(new Rational(1, 3).sub(new Rational(1, 2))));
console.log(`${new Rational(22, 7)}`, new Rational(22, 7) + 0, new Rational(1, 3) * 3);
try { new Rational(1, 0); } catch (e) { console.log(e.name, e.message); }
try { new Rational(1, 2).div(new Rational(0)); } catch (e) { console.log(e.name, e.message); }
function solve2(a1, b1, c1, a2, b2, c2) {
  const det = a1.mul(b2).sub(a2.mul(b1));
  return [c1.mul(b2).sub(c2.mul(b1)).div(det), a1.mul(c2).sub(a2.mul(c1)).div(det)];
}
const R = (n, d) => new Rational(n, d);
console.log(solve2(R(2), R(3), R(7), R(1), R(-1), R(1, 2)).map(String));

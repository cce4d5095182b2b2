// Arithmetic whose operands have only been doubles checks for a double alone; an integer that
// arrives later (in compiled code, or a field or local holding an integral number) widens the
// operand and must give the same answers as before.
function sub(a, b) { return a - b; }
function scaled(a) { const d = a * 1.5; return d * d - d; }
class Body { constructor(x, m) { this.x = x; this.m = m; } }
function pull(p, q) { return (p.x - q.x) * q.m / 2; }

let s = 0;
for (let i = 0; i < 30000; i++) s += sub(i + 0.5, 0.25);
console.log(s);
console.log(sub(3, 0.5), sub(0.5, 3), sub(7, 2), sub(-0, 0), sub(0.1, 0.1));

let t = 0;
for (let i = 0; i < 30000; i++) t += scaled(i + 0.5);
console.log(t);
// 2 * 1.5 is the integral 3 in a local.
console.log(scaled(2), scaled(4), scaled(0.5), scaled(-2));

const a = new Body(1.5, 2.5);
const b = new Body(0.25, 4.5);
let u = 0;
for (let i = 0; i < 30000; i++) u += pull(a, b) + pull(b, a);
console.log(u);
// A field that holds an integer from here on, on either side.
const c = new Body(3, 2);
console.log(pull(a, c), pull(c, a), pull(c, c));
for (let i = 0; i < 30000; i++) u += pull(c, b) - pull(a, c);
console.log(u);
console.log(pull(new Body(NaN, 1), a), pull(a, new Body(Infinity, 2)), pull(new Body(2 ** 31, 1), a));

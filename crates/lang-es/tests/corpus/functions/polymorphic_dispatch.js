// Call sites that meet a few codes dispatch on them directly (and may inline each); a site
// that meets more calls through the callee. Every transition happens while the code is hot,
// and the arguments are always evaluated before a callee that is not a function throws.
class Shape { area() { return 0; } describe() { return 'shape ' + this.area(); } }
class Square extends Shape { constructor(s) { super(); this.s = s; } area() { return this.s * this.s; } }
class Circle extends Shape { constructor(r) { super(); this.r = r; } area() { return 3 * this.r * this.r; } }
class Tri extends Shape { constructor(b, h) { super(); this.b = b; this.h = h; } area() { return this.b * this.h / 2; } }
class Line extends Shape { area() { return -1; } }
class Dot extends Shape { area() { return 'dot'; } }

function total(shapes, n) {
  let t = 0;
  for (let i = 0; i < n; i++) {
    const a = shapes[i % shapes.length].area();
    t += typeof a === 'number' ? a : a.length;
  }
  return t;
}

const kinds = [new Square(2), new Circle(1), new Tri(3, 4), new Line(), new Dot()];
// One class, then two, three, four (the site's limit) and five: each step keeps the code hot.
for (let k = 1; k <= kinds.length; k++) {
  console.log(k, total(kinds.slice(0, k), 20000));
}

// Callbacks: closures made anew at each call share their code.
function each(list, fn) {
  let r = 0;
  for (let i = 0; i < list.length; i++) r += fn(list[i], i);
  return r;
}
const list = [1, 2, 3, 4, 5, 6, 7];
let sum = 0;
for (let i = 0; i < 4000; i++) {
  const m = i % 3;
  if (m === 0) sum += each(list, (x) => x * i);
  else if (m === 1) sum += each(list, (x, j) => x + j);
  else sum += each(list, function (x) { return x - m; });
}
console.log(sum);

// A site that dispatched on codes meets a value that is not a function: the arguments are
// evaluated first, then the TypeError.
function call(f, log) {
  return f(log.push('argument'));
}
for (let i = 0; i < 5000; i++) call(i % 2 ? (x) => x : (x) => -x, []);
for (const f of [undefined, 3, { a: 1 }, class K {}]) {
  const log = [];
  try {
    call(f, log);
  } catch (e) {
    console.log(e.constructor.name, e.message, log.join());
  }
}
let order = [];
try {
  undefined((order.push('x'), 1), order.push('y'));
} catch (e) {
  console.log(e.message, order.join());
}

// A callee inlined through the chain is suspended in a call while its site meets more codes
// than it keeps: it resumes after that call rather than starting over (`hits` counts once).
let armed = false;
let hits = 0;
function via(fn, k) { return fn(k); }
function main(k) {
  hits++;
  if (armed) {
    armed = false;
    for (const g of [(x) => x + 1, (x) => x + 2, (x) => x + 3, (x) => x + 4, (x) => x + 5]) via(g, 0);
  }
  return k + hits;
}
let acc = 0;
for (let i = 0; i < 3000; i++) acc += via(main, i);
armed = true;
acc += via(main, 7);
for (let i = 0; i < 100; i++) acc += via(main, i);
console.log(acc, hits);

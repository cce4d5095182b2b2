// An object literal is made in order: a spread copies its source as it is when the spread is
// reached, and a computed key is converted before its value is computed. Values that change
// the sources (or log) show the order; the literals run in loops long enough to be compiled.

const log = [];
function key(name) {
  return { toString() { log.push("key " + name); return name; } };
}
function val(name, v) {
  log.push("value " + name);
  return v;
}

let g = {};
const a = { ...g, x: (g.z = 1, 2) };
const h = { a: 1 };
const b = { ...h, b: (h.a = 5, h.c = 6, 3), ...h };
console.log(a, b);

const c = { [key("p")]: val("p", 1), q: val("q", 2), [key("r")]: val("r", 3), ...{ s: val("s", 4) } };
console.log(c, log.join(", "));

// Getters of a spread source run when the spread is reached, once each.
let reads = 0;
const src = { get n() { reads++; return reads; }, m: 1 };
const d = { before: reads, ...src, after: reads, ...src };
console.log(d, reads);

// In a loop: each literal sees the sources as they were at its spread.
let total = 0;
const base = { k: 0 };
for (let i = 0; i < 20000; i++) {
  const o = { ...base, [i % 3 === 0 ? "k" : "j"]: (base.k = i, i % 7), ...(i % 5 === 0 ? { k: -1 } : null) };
  total += o.k + (o.j === undefined ? 0 : o.j);
}
console.log("loop", total, base);

// A key whose conversion throws: nothing after it runs, and the error is the key's.
try {
  const bad = { first: val("first", 1), [{ toString() { throw new Error("no key"); } }]: val("never", 2) };
  console.log(bad);
} catch (e) {
  console.log("caught", e.message, log.slice(-1)[0]);
}

// Methods, getters and setters between spreads keep their place and their home object.
const proto = { hi() { return "proto hi"; } };
const e = { ...{ one: 1 }, hi() { return "own " + this.one; }, get two() { return this.one + 1; }, ...{ three: 3 }, set four(v) { this.one = v; } };
e.four = 10;
console.log(e.hi(), e.two, Object.keys(e).join(","), proto.hi());

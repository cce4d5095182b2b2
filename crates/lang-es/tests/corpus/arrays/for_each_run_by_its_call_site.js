// forEach as a call site runs it: the length is read once, holes are skipped unless a
// prototype has the index, elements written ahead are seen, the callback gets the element,
// the index and the array, and deoptimizations inside the loop resume at the element they
// left. Each part runs long enough to be compiled.

function sum(a) {
  let s = 0;
  a.forEach((x, i, arr) => {
    s += x * (i + 1) + (arr === a ? 0 : 1000);
  });
  return s;
}

let total = 0;
for (let r = 0; r < 1500; r++) {
  total += sum([1, 2, 3, 4, r % 7]);
}
console.log("sum", total);

// Kinds change under the compiled loop: doubles, strings, then objects.
const kinds = [[1, 2, 3], [1.5, 2.5], ["a", "b"], [{ v: 1 }, { v: 2 }]];
let seen = [];
for (let r = 0; r < 2000; r++) {
  const which = r < 1500 ? 0 : (r % 4);
  let out = 0;
  kinds[which].forEach((x) => {
    out = out + (typeof x === "object" ? x.v : x);
  });
  if (r % 250 === 0 || r > 1996) seen.push(out);
}
console.log("kinds", seen.join(" "));

// Growing and shrinking while iterating.
function grow(n) {
  const a = [];
  for (let i = 0; i < n; i++) a.push(i);
  let visits = 0;
  a.forEach((x, i) => {
    visits++;
    if (i % 3 === 0) a.push(-x);
    if (i === 2) a.length = a.length - 1;
  });
  return visits + ":" + a.length;
}
let g = [];
for (let r = 0; r < 1200; r++) {
  const v = grow(r % 9);
  if (r < 9) g.push(v);
}
console.log("grow", g.join(" "));

// Holes are skipped; elements written ahead are visited with their new values.
function holes() {
  const a = [1, , 3, , 5];
  const got = [];
  a.forEach((x, i) => {
    if (i === 0) a[1] = 20;
    got.push(i + "=" + x);
  });
  return got.join(",");
}
let h = "";
for (let r = 0; r < 2000; r++) h = holes();
console.log("holes", h);


// The same site given something that is not an array with the builtin's method, and a
// callback that is not a function.
class Bag {
  constructor() {
    this.items = [7, 8];
  }
  forEach(fn) {
    fn("bag");
  }
}
function each(x, fn) {
  const got = [];
  x.forEach((v) => got.push(fn(v)));
  return got.join("|");
}
let last = "";
for (let r = 0; r < 1500; r++) last = each([r % 5, 1], (v) => v * 2);
console.log("site", last, each(new Bag(), (v) => v + "!"), each([3], (v) => v + 1));
try {
  [1, 2].forEach(42);
} catch (e) {
  console.log(e instanceof TypeError, e.message);
}
try {
  [1, 2].forEach();
} catch (e) {
  console.log(e instanceof TypeError, e.message);
}

// thisArg, the result, nested loops, and an exception leaving the loop early.
const counter = { n: 0 };
[1, 2, 3].forEach(function (x) { this.n += x; }, counter);
console.log("this", counter.n, [1].forEach((x) => x));
let pairs = 0;
for (let r = 0; r < 500; r++) {
  [1, 2, 3].forEach((x) => [4, 5].forEach((y) => { pairs += x * y; }));
}
console.log("nested", pairs);
function firstOver(a, limit) {
  let found = -1;
  try {
    a.forEach((x, i) => {
      if (x > limit) {
        found = i;
        throw new Error("stop");
      }
    });
  } catch (e) {
    return found + ":" + e.message;
  }
  return found;
}
let f = "";
for (let r = 0; r < 1500; r++) f = firstOver([1, 5, 9, 12, 2], r % 13);
console.log("early", f, firstOver([1, 2], 5));

// A long array: the loop inside one call is replaced on the stack when the threshold is low.
const long = [];
for (let i = 0; i < 40000; i++) long.push(i % 10);
let ls = 0;
long.forEach((x, i) => {
  ls += i === 30000 ? 0.5 : x;
});
console.log("long", ls);

// Last, since it cannot be undone: a hole whose index a prototype has is visited with the
// prototype's value, in the compiled loop too.
Array.prototype[3] = "proto";
console.log("proto", holes());
for (let r = 0; r < 2000; r++) h = holes();
console.log("proto", h);

// `new Array(len)` in a hot function: compiled code makes arrays of up to fifteen holes in
// place (buffer, elements, object) and leaves every other length to the runtime. Each array
// must be indistinguishable from the interpreter's: its length, its holes, what writes do to
// it, and what a collection between the allocations keeps.
function make(n) {
  return new Array(n);
}

function describe(a) {
  let holes = 0;
  for (let i = 0; i < a.length; i++) {
    if (!(i in a)) holes++;
  }
  return a.length + ':' + holes;
}

function show(a) {
  let out = [];
  for (let i = 0; i < a.length; i++) out.push(i in a ? String(a[i]) : '_');
  return '[' + out.join(',') + ']';
}

function fillUp(n, k) {
  const a = new Array(n);
  for (let i = 0; i < n; i += 2) a[i] = k + i;
  return a;
}

const lengths = [0, 1, 2, 3, 4, 7, 8, 15, 16, 17, 31, 64, 1.0, 5];
let seen = [];
for (let round = 0; round < 3000; round++) {
  const n = lengths[round % lengths.length];
  const a = make(n);
  if (round < lengths.length) seen.push(describe(a));
  if (a.length !== n) console.log('wrong length', n, a.length);
}
console.log(seen.join(' '));

// Lengths that are not small integers, through the same compiled site.
for (const odd of [2.5, -1, 4294967296, 'abc', undefined, null, true]) {
  try {
    const a = make(odd);
    console.log(typeof odd, a.length, show(a));
  } catch (e) {
    console.log(typeof odd, e.constructor.name, e.message);
  }
}

// Many arrays kept alive across collections, written after they were made.
let keep = [];
let total = 0;
for (let round = 0; round < 60000; round++) {
  const a = fillUp((round % 15) + 1, round);
  total += a.length;
  if (round % 293 === 0) keep.push(a);
}
let sum = 0;
for (const a of keep) {
  for (let i = 0; i < a.length; i++) sum += a[i] === undefined ? 1 : a[i];
}
console.log(total, keep.length, sum);

// A tree of small arrays, as AWFY's Storage builds it.
let count = 0;
function tree(depth) {
  count++;
  if (depth === 1) return new Array((count % 10) + 1);
  const arr = new Array(4);
  for (let i = 0; i < 4; i++) arr[i] = tree(depth - 1);
  return arr;
}
let leaves = 0;
for (let round = 0; round < 30; round++) {
  count = 0;
  const t = tree(6);
  leaves = t[3][2][1][0][3].length;
}
console.log(count, leaves);

// Arrays made in place grow, shrink and take properties like any other.
const grown = [];
for (let round = 0; round < 2000; round++) {
  const a = make(3);
  a.push(round);
  a.length = round % 5;
  a.tag = round;
  if (round % 500 === 0) grown.push(show(a) + '/' + a.tag);
}
console.log(grown.join(' '));

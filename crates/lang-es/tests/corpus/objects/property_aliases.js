// Two references to one object, and two objects of one shape: a property written through
// one reference is what the other reads, however many times compiled code has read it
// already on the same path. Each function runs often enough to be compiled.
function throughTwo(a, b) {
  const before = a.x;
  b.x = before + 1;
  return a.x * 10 + b.x;
}

function otherSlot(a, b) {
  const x = a.x;
  b.y = x + 100;
  return a.x + a.y;
}

function keyed(a, b, key) {
  const x = a.x;
  b[key] = x + 7;
  return a.x;
}

function readTwice(p) {
  return p.m * p.v * p.v + p.m;
}

function afterCall(a, f) {
  const x = a.x;
  f(a);
  return a.x - x;
}

let total = 0;
for (let i = 0; i < 3000; i++) {
  const o = { x: i, y: 0 };
  const q = { x: -i, y: 0 };
  total += throughTwo(o, o) + throughTwo(o, q);
  total += otherSlot(o, o) + otherSlot(q, o);
  total += keyed(o, i % 2 ? o : q, i % 3 ? 'x' : 'y');
  total += readTwice({ m: i % 7, v: 0.5 });
  total += afterCall(o, (t) => { t.x += 3; });
}
console.log(total);

const shared = { x: 1, y: 2 };
console.log(throughTwo(shared, shared), shared.x);
console.log(otherSlot(shared, shared), shared.y);
console.log(keyed(shared, shared, 'x'), shared.x);
console.log(afterCall(shared, (t) => { t.x = 'changed'; }), shared.x);

// Reads before an if, stores in one arm through another reference, reads after the merge.
function viaIf(a, b, store) {
  const x = a.x;
  if (store) {
    b.x = x + 1;
  } else {
    b.y = x + 2;
  }
  return a.x * 1000 + a.y;
}

function viaNestedIf(a, b, i) {
  const x = a.x + a.y;
  if (i % 2) {
    if (i % 3) {
      b.y = -1;
    }
  } else {
    b.x = x;
  }
  return a.x + a.y * 3;
}

let sum = 0;
for (let i = 0; i < 3000; i++) {
  const o = { x: i, y: 1 };
  const q = { x: 5, y: 6 };
  sum += viaIf(o, i % 4 ? o : q, i % 3 === 0);
  sum += viaNestedIf(o, i % 5 ? o : q, i);
}
console.log(sum);

// Plain parameters live in their argument's slot; these are the cases where that must not
// show: assignment, repeated names, hoisted functions and vars of the same name, capture,
// rest parameters, missing and surplus arguments, and `this` in strict and sloppy code.
function bump(a, b) {
  a = a + 1;
  b += a;
  return [a, b];
}

function repeated(a, a) {
  return a;
}

function shadowedByVar(p) {
  var p;
  return p;
}

function shadowedByFunction(p, q) {
  function p() {
    return 'hoisted';
  }
  return typeof p + ':' + q;
}

function captured(x, y) {
  const add = () => x + y;
  x = 10;
  return add();
}

function withRest(first, ...rest) {
  first = first * 2;
  return first + rest.length;
}

function sloppyThis() {
  return this === undefined ? 'undefined' : typeof this;
}

function strictThis() {
  'use strict';
  return this === undefined ? 'undefined' : typeof this;
}

class Counter {
  constructor(start) {
    this.n = start;
  }
  add(k) {
    k = k * 2;
    this.n += k;
    return this;
  }
}

let total = 0;
for (let i = 0; i < 2000; i++) {
  const [a, b] = bump(i, i);
  total += a + b + repeated(i, 1) + withRest(i, i, i);
  if (captured(i, 1) !== 11) total = -1;
}
console.log(total);
console.log(bump(1), bump(), bump(1, 2, 3));
console.log(repeated(1, 2), repeated(1), shadowedByVar(5), shadowedByFunction(1, 2));
console.log(withRest(3), withRest(3, 4, 5), captured(1, 2));
console.log(sloppyThis(), strictThis(), sloppyThis.call(null), strictThis.call(7));
const c = new Counter(1);
for (let i = 0; i < 1000; i++) c.add(i % 3);
console.log(c.n);

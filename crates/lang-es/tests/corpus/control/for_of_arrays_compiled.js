// for-of over arrays in loops hot enough to compile: elements pushed or removed during the
// loop, holes, elements of every kind, and a loop that later iterates a string.
function total(list) {
  let sum = 0;
  for (const x of list) {
    sum += typeof x === 'number' ? x : String(x).length;
  }
  return sum;
}
const nums = [];
for (let i = 0; i < 50; i++) nums.push(i * 1.5);
let acc = 0;
for (let r = 0; r < 3000; r++) acc += total(nums);
console.log(acc, total([1, , 3]), total([]), total(['ab', null, undefined, {}, [1, 2]]));

// The loop reads the array live: pushed elements are visited, popped ones are not.
const grow = [1, 2, 3];
let seen = 0;
for (const x of grow) {
  if (grow.length < 40) grow.push(x + 1);
  seen++;
}
const shrink = [1, 2, 3, 4, 5, 6, 7, 8];
const visited = [];
for (const x of shrink) {
  visited.push(x);
  shrink.pop();
}
console.log(seen, grow.length, visited);

// The same loop, now over a string and over an array again.
console.log(total('héllo'), total(['x', 'yy']), total(nums));
for (let r = 0; r < 2000; r++) acc += total('abc') + total([r]);
console.log(acc);

// Nested loops over arrays of arrays, with break and continue.
const grid = [];
for (let i = 0; i < 20; i++) grid.push([i, i + 1, i + 2, -1, i]);
let cells = 0;
for (let r = 0; r < 500; r++) {
  for (const row of grid) {
    for (const c of row) {
      if (c < 0) break;
      if (c % 3 === 0) continue;
      cells += c;
    }
  }
}
console.log(cells);

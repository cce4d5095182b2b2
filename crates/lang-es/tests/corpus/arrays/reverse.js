// reverse is in place and returns the same array.
const a = [1, 2, 3, 4];
const r = a.reverse();
console.log(a, r === a);
console.log([].reverse(), [1].reverse(), ["x", "y"].reverse());
const b = [1, , 3];
console.log(b.reverse());

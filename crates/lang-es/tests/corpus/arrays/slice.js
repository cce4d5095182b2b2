// slice copies a range with negative and out-of-range indices.
const a = [10, 20, 30, 40, 50];
console.log(a.slice(1, 3), a.slice(-2), a.slice(2, -1), a.slice(4, 1));
console.log(a.slice(), a.slice() === a, a.slice(10), a.slice(-10, 2));
const copy = a.slice();
copy[0] = 99;
console.log(a[0], copy[0]);
console.log([1, , 3].slice(0, 2));

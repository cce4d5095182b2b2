// Callbacks receive the index and the array itself.
const a = [10, 20, 30];
console.log(a.map((x, i, arr) => x + i + arr.length));
console.log(a.filter((x, i, arr) => arr[arr.length - 1 - i] > 15));
console.log(a.findIndex((x, i) => i === 2), a.some((x, i, arr) => arr === a));
console.log(a.reduce((acc, x, i, arr) => acc + i * arr.length, 0));

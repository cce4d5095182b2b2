// Default sort compares elements as strings, so numbers sort lexicographically.
console.log([10, 9, 1, 100, 25, 2].sort());
console.log([-1, -10, 5, -2, 0].sort());
console.log(["b", "a", "C", "B"].sort());
console.log([3, undefined, 1, undefined, 2].sort());
console.log([true, false, null, "null", 1].sort());
console.log([0.5, 0.25, 1e21, 1e-7, 3].sort());
const a = [3, 1, 2];
console.log(a.sort() === a);

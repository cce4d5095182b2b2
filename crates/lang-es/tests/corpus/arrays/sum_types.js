// Summing arrays of ints, doubles and mixed values.
function sum(a) { let s = 0; for (let i = 0; i < a.length; i++) s += a[i]; return s; }
console.log(sum([1, 2, 3]), sum([0.1, 0.2, 0.3]), sum([2147483647, 1]));
console.log(sum([1, "2", 3]), sum([]), sum([1, null, 2]), sum([1, undefined]));

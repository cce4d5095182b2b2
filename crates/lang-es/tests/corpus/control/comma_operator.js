// The comma operator evaluates left to right and yields the last value.
let i, j;
for (i = 0, j = 10; i < j; i += 3, j -= 3) console.log(i, j);
const r = (console.log("side effect"), 42);
console.log(r);
let k = 0;
const arr = [(k++, k), (k++, k)];
console.log(arr);

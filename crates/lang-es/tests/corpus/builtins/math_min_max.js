// Math.min and Math.max with many arguments, NaN and zero signs.
console.log(Math.max(1, 5, 3), Math.min(1, 5, 3), Math.max(-1, -5), Math.min(-1, -5));
console.log(Math.max(), Math.min(), Math.max(1, NaN, 3), Math.min("2", 1));
console.log(Math.max(0, -0), Math.min(0, -0), 1 / Math.max(-0, 0), 1 / Math.min(0, -0));
console.log(Math.max("10", 9), Math.max(null, -1), Math.max(undefined, 1), Math.max([3], 2));
const arr = [];
for (let i = 0; i < 100; i++) arr.push((i * 37) % 101);
console.log(Math.max(...arr), Math.min(...arr));

// Parsing a CSV-like string of numbers with parseFloat and summing.
const csv = "1.5, 2.25,  3 , x, 4e2, -1, 0x10, .5";
const nums = csv.split(",").map(s => parseFloat(s));
console.log(nums);
const valid = nums.filter(n => !isNaN(n));
console.log(valid.length, valid.reduce((a, b) => a + b, 0));
console.log(csv.split(",").map(s => Number(s)));

// fill with start and end arguments.
console.log(new Array(4).fill(7));
console.log([1, 2, 3, 4, 5].fill(0, 2));
console.log([1, 2, 3, 4, 5].fill(9, 1, 3));
console.log([1, 2, 3, 4, 5].fill(8, -2));
const shared = new Array(3).fill([]);
shared[0].push(1);
console.log(shared);

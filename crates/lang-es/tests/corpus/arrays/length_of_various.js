// length after pushes, holes, truncation and splices.
const a = [];
a[3] = 1;
console.log(a.length);
a.push(2);
console.log(a.length);
a.splice(0, 2);
console.log(a.length, a);
a.length = 1;
console.log(a.length, a);
const big = [];
big[99] = 1;
console.log(big.length, big.filter(x => x).length);

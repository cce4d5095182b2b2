// map and filter produce new arrays.
const a = [1, 2, 3, 4, 5, 6];
console.log(a.map(x => x * x));
console.log(a.filter(x => x % 2 === 0));
console.log(a.map((x, i) => x * i));
console.log(a.filter((x, i) => i > 3));
console.log(a.map(String), a.map(x => [x]));
console.log([1, , 3].map(x => x * 2));
console.log(a);

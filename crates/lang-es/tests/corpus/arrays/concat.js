// concat flattens array arguments one level.
const a = [1, 2];
console.log(a.concat(3, [4, 5], [[6]]));
console.log(a, a.concat() === a, a.concat());
console.log([].concat([], [[]], "x"));
console.log([1, , 3].concat([4, , 6]));

// Array literals with mixed values, trailing commas and nesting.
console.log([]);
console.log([1, 2, 3,]);
console.log([1, "a", true, null, undefined, 1.5, -0]);
console.log([[1, 2], [3, [4, [5]]]]);
console.log([1, 2, 3].length, [,].length, [1, , 3].length);

// Array.isArray distinguishes arrays from other values.
console.log(Array.isArray([]), Array.isArray([1]), Array.isArray(new Array(3)));
console.log(Array.isArray({}), Array.isArray("abc"), Array.isArray(null), Array.isArray(undefined));
console.log(Array.isArray({ length: 0 }), typeof []);

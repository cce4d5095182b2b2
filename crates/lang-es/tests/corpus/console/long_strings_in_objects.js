// Long strings inside objects and arrays are not split.
const long = "x".repeat(100);
console.log({ long });
console.log([long.slice(0, 50), long.slice(0, 30)]);
console.log(long.length);

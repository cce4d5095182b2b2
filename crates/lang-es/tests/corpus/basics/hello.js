// The smallest program: a single console.log of a string.
console.log("Hello, EasyScript!");

// Passing built-in functions as callbacks.
console.log(["1", "2", "3"].map(Number), [1.5, 2.7, -3.2].map(Math.floor));
console.log(["10", "10", "10"].map(parseInt));
console.log([0, 1, "", "a", null].filter(Boolean), [3, 1, 2].map(String));
console.log([4, 9, 16].map(Math.sqrt), [-1, 2, -3].map(Math.abs));

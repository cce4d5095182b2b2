// Rest parameters with statistics helpers.
const mean = (...xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const range = (...xs) => Math.max(...xs) - Math.min(...xs);
console.log(mean(1, 2, 3, 4), mean(), range(4, -2, 9), range(5));

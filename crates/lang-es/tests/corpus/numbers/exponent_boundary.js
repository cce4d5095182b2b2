// Printing numbers right at the boundaries of exponent notation.
const xs = [1e20, 1.5e20, 9.99e20, 1e21, 1.0000000000000001e21, 0.000001, 0.0000015, 0.0000009999, 0.00000099];
for (const x of xs) console.log(x, -x);
console.log(123e-20, 1.7e-6, 17e-7);

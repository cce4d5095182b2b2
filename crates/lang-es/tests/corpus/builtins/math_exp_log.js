// Exponentials and logarithms, exact values and special cases.
console.log(Math.exp(0), Math.exp(1), Math.exp(-1), Math.exp(10), Math.exp(710), Math.exp(-Infinity));
console.log(Math.log(1), Math.log(Math.E), Math.log(10), Math.log(0), Math.log(-1), Math.log(Infinity));
console.log(Math.log2(8), Math.log2(1024), Math.log2(3), Math.log2(0.5), Math.log2(2 ** 52));
console.log(Math.log10(1000), Math.log10(1e-5), Math.log10(2), Math.log10(0), Math.log10(1e21));

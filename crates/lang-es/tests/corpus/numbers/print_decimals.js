// Shortest round-trip printing of decimal fractions.
console.log(0.1, 0.2, 0.1 + 0.2, 0.3, 0.1 * 3);
console.log(1 / 3, 2 / 3, 10 / 3, 1 / 7);
console.log(1.5, -2.25, 3.125, 0.5 + 0.25);
console.log(100.5, 1234.5678, 0.001, 0.0001);
console.log(1.1 * 1.1, 3 * 1.1, 0.7 + 0.1, 0.2 + 0.4);
console.log(4.35 * 100, 1.005 * 1000, 9.95);
console.log(123.456e5, 5e-324, 2.2250738585072014e-308);

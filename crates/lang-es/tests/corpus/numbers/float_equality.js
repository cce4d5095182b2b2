// Comparing floats with a tolerance versus exact comparison.
function close(a, b) { return Math.abs(a - b) < 1e-9; }
console.log(0.1 + 0.2 === 0.3, close(0.1 + 0.2, 0.3));
console.log(0.1 * 3 === 0.3, 0.3 / 0.1, Math.floor(0.3 / 0.1));
console.log(1.0 === 1, 1.0000000000000002 === 1, 1.00000000000000001 === 1);
console.log(9007199254740992 === 9007199254740993);
console.log(0.5 + 0.25 === 0.75, 1 - 0.9);

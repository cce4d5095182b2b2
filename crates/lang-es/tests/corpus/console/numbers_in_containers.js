// Numbers inside arrays and objects use the same formatting as at top level.
console.log([0.1 + 0.2, 1e21, 1e-7, 2 ** 53 + 1, -1e-7, 1 / 3]);
console.log({ big: 123456789012345680000, small: 5e-7, neg: -0.0001 });
console.log([NaN, Infinity, -Infinity]);

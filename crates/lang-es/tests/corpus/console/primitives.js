// console.log of every primitive kind at top level.
console.log(1, -1, 0, -0, 1.5, -2.25, 1e21, 1e-7, NaN, Infinity, -Infinity);
console.log("string", "", "with 'quotes'", 'with "double"');
console.log(true, false, null, undefined);
console.log(2 ** 53, 0.1 + 0.2, 123456789.123);

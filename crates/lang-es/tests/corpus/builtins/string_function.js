// String() as a conversion function.
console.log(String(), String(0), String(-0), String(12.50), String(1 / 3), String(-1e-7));
console.log(String(true), String(null), String(undefined), String(NaN), String(-Infinity));
console.log(String([]), String([1, [2, [3]]]), String({}), String("same"));
console.log(String(2 ** 64), String(2 ** -20), String(0.000001), String(123e-20));

// Functions returning functions and being called immediately.
function multiplier(k) { return x => x * k; }
const triple = multiplier(3);
console.log(triple(5), multiplier(10)(7), [1, 2, 3].map(multiplier(-1)));
function adder(a) { return function (b) { return function (c) { return a + b + c; }; }; }
console.log(adder(1)(2)(3));

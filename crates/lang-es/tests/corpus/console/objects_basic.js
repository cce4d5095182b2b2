// Objects print their own properties in insertion order with integer keys first.
console.log({ a: 1, b: "two", c: [3], d: { e: 4 } });
console.log({ 2: "b", 1: "a", z: "z", "0": "zero" });
console.log({ "needs quotes": 1, valid_id: 2, $dollar: 3, "123": 4, "a-b": 5, _under: 6, "ünï": 7 });
console.log({ n: null, u: undefined, nan: NaN, nz: -0, inf: -Infinity });

// Short arrays print on one line.
console.log([1, 2, 3]);
console.log(["a", "b"]);
console.log([true, null, undefined, NaN]);
console.log([1, "mixed", [2, "nested"], { k: 3 }]);
console.log([-0, 0, -1.5]);
console.log([1, 2, 3, 4, 5, 6]);

// Default sort with numbers, strings and negative values mixed.
console.log([1, "10", 2, "1", -1, "-1", 0].sort());
console.log(["b10", "b9", "b1", "a", "B"].sort());
console.log([80, 9, 700, 40, 1, 5, 200].sort());
console.log([80, 9, 700, 40, 1, 5, 200].sort((a, b) => a - b));

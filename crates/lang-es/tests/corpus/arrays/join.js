// join with default and custom separators; null and undefined become empty.
console.log([1, 2, 3].join(), [1, 2, 3].join(""), [1, 2, 3].join(" - "));
console.log([null, undefined, 1, , 2].join("|"));
console.log([[1, 2], [3]].join(";"), [].join(","), [5].join(","));
console.log(["a"].join(undefined), [1.5, -0, 1e21].join(" "));

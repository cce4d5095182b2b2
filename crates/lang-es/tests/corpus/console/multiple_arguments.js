// Several arguments are joined by single spaces.
console.log("a", "b", "c");
console.log(1, "1", [1], { one: 1 });
console.log("", "", "");
console.log(undefined, "x", null);
console.log("Result:", [1, 2], "and", { k: "v" }, "done");

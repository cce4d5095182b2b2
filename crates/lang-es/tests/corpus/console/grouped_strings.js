// Grouping of string arrays pads them to equal width.
console.log(["a", "bb", "ccc", "dddd", "eeeee", "ffffff", "g"]);
const names = ["Ann", "Bob", "Charlotte", "Dan", "Eve", "Frederick", "Gus", "Hal", "Ivy", "Joe"];
console.log(names);
const mixed = [1, "two", 3, "four", 5, "six", 7, "eight"];
console.log(mixed);

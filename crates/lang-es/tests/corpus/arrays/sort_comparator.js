// sort with comparators, including descending and stability.
console.log([10, 9, 1, 100, 25, 2].sort((a, b) => a - b));
console.log([10, 9, 1, 100, 25, 2].sort((a, b) => b - a));
const people = [
  { n: "A", age: 30 }, { n: "B", age: 25 }, { n: "C", age: 30 },
  { n: "D", age: 25 }, { n: "E", age: 20 }, { n: "F", age: 30 },
];
people.sort((x, y) => x.age - y.age);
console.log(people.map(p => p.n + p.age).join(" "));
const words = ["pear", "fig", "banana", "kiwi", "apple"];
words.sort((a, b) => a.length - b.length);
console.log(words);
console.log([5, 1, 4].sort(() => 0));

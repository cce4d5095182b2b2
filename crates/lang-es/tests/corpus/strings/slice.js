// slice supports negative indices counting from the end.
const s = "abcdefgh";
console.log(s.slice(2), s.slice(2, 5), s.slice(-3), s.slice(-3, -1));
console.log(s.slice(5, 2) === "", s.slice(-100), s.slice(0, -100) === "");
console.log(s.slice(), s.slice(3, -3), s.slice(-5, 6));
console.log(s.slice(undefined, 3), s.slice(2.7, 4.2));

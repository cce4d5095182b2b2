// Comparators returning booleans or non-integers still sort sanely when consistent.
const a = [3.5, 1.25, 2.75, 1.5];
console.log(a.slice().sort((x, y) => x - y));
console.log(a.slice().sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
console.log(["c", "a", "b"].sort((x, y) => (x < y ? 1 : -1)));
console.log([{ k: 2 }, { k: 1 }].sort((x, y) => x.k - y.k));

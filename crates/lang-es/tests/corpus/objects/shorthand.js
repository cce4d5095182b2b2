// Shorthand properties and methods.
const x = 1, y = "two";
const o = { x, y, z: x + 1 };
console.log(o);
const calc = {
  base: 10,
  add(n) { return this.base + n; },
  twice(n) { return this.add(n) * 2; },
};
console.log(calc.add(5), calc.twice(1));
console.log(calc);

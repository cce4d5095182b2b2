// Computed property names in object literals.
const k = "dyn";
let i = 0;
const o = {
  [k]: 1,
  [k + "2"]: 2,
  [1 + 2]: "three",
  ["id" + ++i]: i,
  ["id" + ++i]: i,
  [`t${"x".repeat(2)}`]: true,
};
console.log(o);
const m = { ["say" + "Hi"]() { return "hi"; } };
console.log(m.sayHi());

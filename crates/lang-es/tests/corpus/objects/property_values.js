// Properties can hold any kind of value including functions.
function helper() { return "help"; }
const o = {
  n: 1, s: "s", b: false, nul: null, und: undefined,
  arr: [1, 2], obj: { k: 1 }, fn: helper, arrow: () => 1,
};
console.log(o);
console.log(o.fn(), o.arrow(), typeof o.fn);

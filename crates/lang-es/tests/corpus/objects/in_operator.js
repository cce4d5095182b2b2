// The in operator checks property existence, including undefined values.
const o = { a: 1, b: undefined, 0: "zero" };
console.log("a" in o, "b" in o, "c" in o, 0 in o, "0" in o);
const arr = [10, 20];
console.log(0 in arr, 2 in arr, "length" in arr);
class P { constructor() { this.own = 1; } method() {} }
const p = new P();
console.log("own" in p, "method" in p, "other" in p);

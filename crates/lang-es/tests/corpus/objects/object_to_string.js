// Objects converted to strings and numbers.
const o = { a: 1 };
console.log("" + o, String(o), `${o}`);
console.log(o + 1, +o, o == "[object Object]");
const withValue = { valueOf() { return 42; } };
console.log(withValue + 1, withValue * 2, withValue > 41, "" + withValue);
const both = { valueOf() { return 1; }, toString() { return "str"; } };
console.log(both + "", `${both}`, String(both), both * 10);

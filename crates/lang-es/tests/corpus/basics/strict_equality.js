// Strict equality === never converts types.
console.log(1 === "1", null === undefined, true === 1);
console.log("abc" === "ab" + "c");
const a = [1];
const b = [1];
console.log(a === b, a === a);
console.log(undefined === void 0);
console.log(0 === -0, NaN === NaN);

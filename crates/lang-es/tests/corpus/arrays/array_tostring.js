// Arrays converted to strings, including nested, null and holes.
console.log(String([1, [2, [3, [4]]]]));
console.log("" + [null], "" + [undefined], "" + [, ,], "" + [[], []]);
console.log([1, 2] + "", `${[1, 2]}`, [0.1, -0, NaN] + "");
console.log([{}].toString(), [true, false].toString());

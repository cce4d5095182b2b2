// Property keys are strings: different values can map to the same key.
const o = {};
o[1] = "number one";
console.log(o["1"]);
o["1"] = "string one";
console.log(o[1]);
o[true] = "t";
console.log(o["true"]);
o[{}] = "object";
console.log(o["[object Object]"]);
o[[1, 2]] = "array";
console.log(o["1,2"]);
console.log(Object.keys(o));

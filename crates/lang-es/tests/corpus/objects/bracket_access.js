// Bracket access with variables, numbers and expressions.
const o = { key: "value", 1: "one", "true": "t", "null": "n", "undefined": "u" };
const k = "key";
console.log(o[k], o["ke" + "y"], o[1], o[true], o[null], o[undefined]);
const arrKey = [1];
console.log(o[arrKey]);
o[k + "2"] = 2;
console.log(o.key2);

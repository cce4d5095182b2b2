// Numbers used as property keys are converted to strings canonically.
const o = {};
o[1] = "one";
o[1.5] = "one and a half";
o[-0] = "zero";
o[1e21] = "big";
o[0.1 + 0.2] = "sum";
console.log(o);
console.log(o["1"], o["0"], o["1e+21"], o["0.30000000000000004"]);

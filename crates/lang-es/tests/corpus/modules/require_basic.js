// require a relative module whose module.exports is an object.
const math = require("./_math");
console.log(math.add(2, 3), math.mul(4, 5), math.square(9), math.PI_ISH);
console.log(typeof math, Object.keys(math));

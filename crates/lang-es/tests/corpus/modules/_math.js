// Helper module: arithmetic functions exported through module.exports.
function add(a, b) { return a + b; }
function mul(a, b) { return a * b; }
const PI_ISH = 3.14;
module.exports = { add, mul, PI_ISH, square: x => mul(x, x) };

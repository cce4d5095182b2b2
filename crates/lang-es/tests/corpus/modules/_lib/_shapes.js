// Helper module in a subdirectory that requires a module from its parent directory.
const math = require("../_math");
exports.circleArea = r => math.mul(math.PI_ISH, math.square(r));
exports.mathModule = math;

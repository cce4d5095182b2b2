// A module in a subdirectory requiring its parent directory's module shares the cache.
const shapes = require("./_lib/_shapes");
const math = require("./_math");
console.log(shapes.circleArea(2), shapes.mathModule === math);
console.log(require("./_lib/../_math.js") === math);

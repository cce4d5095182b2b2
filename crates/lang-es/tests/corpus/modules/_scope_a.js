// Helper module: top-level names that must not leak into other modules.
const secret = "a's secret";
var shared = "a's var";
function helper() { return secret; }
module.exports = { helper, readShared: () => shared };

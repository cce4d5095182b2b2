// Helper module: top-level this is module.exports.
exports.a = 1;
const same = this === module.exports;
module.exports.sameAsThis = same;

// The main module has its own exports object.
exports.mainValue = 1;
module.exports.other = 2;
console.log(module.exports, exports === module.exports);

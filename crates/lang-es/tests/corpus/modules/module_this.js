// At the top level of a module, this is module.exports.
const m = require("./_this_module");
console.log(m);
console.log(this === module.exports, typeof module, typeof exports, typeof require);

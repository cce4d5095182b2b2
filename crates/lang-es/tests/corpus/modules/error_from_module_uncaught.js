// An uncaught error thrown by a function defined in another module.
const { parse } = require("./_failing");
console.log(parse("a,b,c"));
console.log(parse(""));

// Top-level declarations of a module do not leak into the requiring module.
const secret = "main's secret";
var shared = "main's var";
const a = require("./_scope_a");
console.log(a.helper(), a.readShared(), secret, shared);
console.log(typeof helper);

// require a module that uses exports.x = ... assignments.
const m = require("./_exports_style.js");
console.log(m.greet("world"), m.version, m.list, m.reveal());
console.log(typeof m.hidden);

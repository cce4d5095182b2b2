// Requiring the same module twice gives the same object and runs it only once.
console.log("first require");
const c1 = require("./_counter");
console.log("second require");
const c2 = require("./_counter");
const c3 = require("./_counter.js");
console.log(c1 === c2, c2 === c3);
c1.inc();
c2.inc();
console.log(c3.get());

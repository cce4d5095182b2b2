// A require cycle sees a partially initialised module.
const a = require("./_cycle_a");
const b = require("./_cycle_b");
console.log(a.name, a.early, a.late);
console.log(b.name, b.seenFromA);
console.log(a.fromB);

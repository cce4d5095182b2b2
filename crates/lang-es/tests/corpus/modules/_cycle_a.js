// Helper module: part of a require cycle with _cycle_b.
exports.name = "a";
exports.early = "a-early";
const b = require("./_cycle_b");
exports.late = "a-late saw b.name=" + b.name;
exports.fromB = b.seenFromA;

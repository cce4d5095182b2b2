// Helper module: requires _cycle_a while _cycle_a is still loading.
const a = require("./_cycle_a");
exports.name = "b";
exports.seenFromA = "early=" + a.early + ", has late: " + ("late" in a);

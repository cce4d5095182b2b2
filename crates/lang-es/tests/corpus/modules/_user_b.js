// Helper module: also uses the shared counter.
const counter = require("./_counter.js");
exports.bumpTwice = () => { counter.inc(); return counter.inc(); };

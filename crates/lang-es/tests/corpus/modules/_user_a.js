// Helper module: uses the shared counter.
const counter = require("./_counter");
exports.bump = () => counter.inc();

// Helper module: assigning exports.x and then replacing module.exports.
exports.lost = "this property is lost";
module.exports = { kept: "only this survives" };
exports.alsoLost = "exports still points to the old object";

// Replacing module.exports discards properties set on the old exports object.
const m = require("./_replace_exports");
console.log(m, m.lost, m.alsoLost);

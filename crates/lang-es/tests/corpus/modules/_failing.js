// Helper module: a function that fails when called.
exports.parse = function (s) {
  if (s.length === 0) throw new TypeError("cannot parse an empty string");
  return s.split(",");
};

// Helper module: exports added one by one with exports.x.
exports.greet = name => "hello " + name;
exports.version = 3;
exports.list = [1, 2, 3];
let hidden = "module private";
exports.reveal = () => hidden;

// Two modules requiring the same module share its state.
const a = require("./_user_a");
const b = require("./_user_b");
const counter = require("./_counter");
console.log(a.bump(), b.bumpTwice(), a.bump(), counter.get());

// Helper module: shared mutable state and a load-time side effect.
console.log("loading _counter");
let count = 0;
module.exports = {
  inc() { count++; return count; },
  get() { return count; },
};

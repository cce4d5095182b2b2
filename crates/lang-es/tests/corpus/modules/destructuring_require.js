// Destructuring the result of require.
const { add, mul: times, missing = "default" } = require("./_math");
console.log(add(1, 1), times(3, 3), missing);

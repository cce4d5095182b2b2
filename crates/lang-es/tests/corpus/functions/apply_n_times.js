// Repeatedly applying functions and counting calls.
let calls = 0;
const inc = x => { calls++; return x + 1; };
function times(n, f, x) { for (let i = 0; i < n; i++) x = f(x); return x; }
console.log(times(1000, inc, 0), calls);
console.log(times(10, x => x * 2, 1), times(0, inc, "unchanged"));

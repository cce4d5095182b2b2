// Emulating integer division and remainder for negative numbers.
function idiv(a, b) { return Math.trunc(a / b); }
function fdiv(a, b) { return Math.floor(a / b); }
function mod(a, b) { return ((a % b) + b) % b; }
for (const [a, b] of [[7, 2], [-7, 2], [7, -2], [-7, -2], [0, 3], [2147483647, 2]]) {
  console.log(a, b, idiv(a, b), fdiv(a, b), a % b, mod(a, b));
}

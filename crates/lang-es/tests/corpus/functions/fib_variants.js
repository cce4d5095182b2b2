// Fibonacci with recursion, memo arrays, loops and closed form rounding.
function rec(n) { return n < 2 ? n : rec(n - 1) + rec(n - 2); }
function memo(n, m = []) { if (n < 2) return n; if (m[n] !== undefined) return m[n]; return (m[n] = memo(n - 1, m) + memo(n - 2, m)); }
function loop(n) { let a = 0, b = 1; while (n-- > 0) [a, b] = [b, a + b]; return a; }
const phi = (1 + Math.sqrt(5)) / 2;
function closed(n) { return Math.round(phi ** n / Math.sqrt(5)); }
console.log(rec(25), memo(25), loop(25), closed(25));
console.log(memo(75), loop(75), closed(30));

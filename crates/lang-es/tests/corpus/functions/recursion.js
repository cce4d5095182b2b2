// Recursive functions: factorial, power, sum of digits, Ackermann.
function fact(n) { return n === 0 ? 1 : n * fact(n - 1); }
function pow(b, e) { if (e === 0) return 1; const h = pow(b, e >> 1); return e % 2 ? h * h * b : h * h; }
function digits(n) { return n < 10 ? n : (n % 10) + digits(Math.floor(n / 10)); }
function ack(m, n) { return m === 0 ? n + 1 : n === 0 ? ack(m - 1, 1) : ack(m - 1, ack(m, n - 1)); }
console.log(fact(10), fact(20), pow(2, 30), pow(3, 33), digits(987654321), ack(2, 3));

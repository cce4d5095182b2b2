// Deep but bounded recursion (a few thousand frames).
function sumTo(n) { return n === 0 ? 0 : n + sumTo(n - 1); }
console.log(sumTo(1000), sumTo(5000));
function countDown(n, acc) { return n === 0 ? acc : countDown(n - 1, acc + "."); }
console.log(countDown(50, "").length);

// Recursive and iterative Fibonacci numbers.
function fib(n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
function fibIter(n) {
  let a = 0, b = 1;
  for (let i = 0; i < n; i++) {
    const t = a + b;
    a = b;
    b = t;
  }
  return a;
}
const res = [];
for (let i = 0; i <= 20; i++) res.push(fib(i));
console.log(res.join(" "));
console.log(fibIter(50), fibIter(78), fibIter(80));

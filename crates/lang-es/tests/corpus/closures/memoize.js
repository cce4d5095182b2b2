// Memoization with a closure over a cache object.
function memoize(f) {
  const cache = {};
  let hits = 0;
  const m = n => {
    if (n in cache) { hits++; return cache[n]; }
    const r = f(n);
    cache[n] = r;
    return r;
  };
  m.hits = () => hits;
  return m;
}
const fib = memoize(n => (n < 2 ? n : fib(n - 1) + fib(n - 2)));
console.log(fib(50), fib(90), fib.hits());

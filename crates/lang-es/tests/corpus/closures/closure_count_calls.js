// Wrapping a function to count its calls.
function counted(f) {
  let n = 0;
  function wrapper(...args) { n++; return f(...args); }
  wrapper.count = () => n;
  return wrapper;
}
const sq = counted(x => x * x);
const results = [1, 2, 3, 4].map(x => sq(x));
console.log(results, sq.count());

// A once() helper runs its function at most one time.
function once(f) {
  let done = false, result;
  return (...a) => {
    if (!done) { done = true; result = f(...a); }
    return result;
  };
}
let n = 0;
const init = once(x => { n++; return "init with " + x; });
console.log(init(1), init(2), init(3), n);

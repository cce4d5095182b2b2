// Objects shared between closures and methods.
function makeCounter() {
  const state = { count: 0 };
  return {
    inc: () => ++state.count,
    dec: () => --state.count,
    peek: () => state,
  };
}
const c1 = makeCounter(), c2 = makeCounter();
c1.inc(); c1.inc(); c2.dec();
console.log(c1.peek(), c2.peek(), c1.peek() === c2.peek());

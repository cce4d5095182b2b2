// Independent counters created by a factory function.
function makeCounter() {
  let count = 0;
  return function () { count++; return count; };
}
const a = makeCounter();
const b = makeCounter();
console.log(a(), a(), a(), b(), a(), b());

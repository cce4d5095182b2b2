// An accumulator that keeps growing its captured sum.
function acc(start) {
  let sum = start;
  return n => (sum += n);
}
const a = acc(10);
a(5);
a(0.5);
console.log(a(100), a(-115.5));
const b = acc("s");
console.log(b(1), b("x"));

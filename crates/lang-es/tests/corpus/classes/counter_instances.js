// Each instance has its own state; the class shares methods.
class Counter {
  constructor(start) { this.v = start; }
  next() { return this.v++; }
}
const a = new Counter(0), b = new Counter(100);
console.log(a.next(), a.next(), b.next(), a.next(), b.next());
console.log(a.next === b.next, a.v, b.v);

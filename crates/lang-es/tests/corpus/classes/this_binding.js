// Methods extracted from instances lose this; arrows capture it.
class Counter {
  constructor() {
    this.n = 0;
    this.incArrow = () => { this.n++; return this.n; };
  }
  inc() { this.n++; return this.n; }
}
const c = new Counter();
const arrow = c.incArrow;
console.log(arrow(), arrow(), c.n);
const method = c.inc;
try {
  method();
} catch (e) {
  console.log(e.name + ": " + e.message);
}
const bound = () => c.inc();
console.log(bound(), c.n);

// Arrow functions take this from the enclosing method.
class Timer {
  constructor() { this.ticks = 0; }
  run(n) {
    const tick = () => { this.ticks++; };
    for (let i = 0; i < n; i++) tick();
    return this.ticks;
  }
  collect(arr) { return arr.map(x => x + this.ticks); }
}
const t = new Timer();
console.log(t.run(3), t.run(2), t.collect([10, 20]));
const obj = {
  val: 42,
  getArrow() { return () => this.val; },
};
const f = obj.getArrow();
console.log(f());
const other = { val: 7, f };
console.log(other.f());

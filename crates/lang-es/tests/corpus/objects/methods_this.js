// Methods see the receiver as this; a detached method loses it.
const counter = {
  n: 0,
  inc() { this.n++; return this; },
  get() { return this.n; },
};
counter.inc().inc().inc();
console.log(counter.get());
const other = { n: 100, get: counter.get };
console.log(other.get());

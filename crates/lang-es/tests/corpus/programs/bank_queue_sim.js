// A discrete-event simulation of customers queueing at bank tellers with a seeded generator.
class Rng {
  constructor(seed) { this.s = seed; }
  next() { this.s = (this.s * 48271) % 2147483647; return this.s; }
  int(lo, hi) { return lo + (this.next() % (hi - lo + 1)); }
}

class Simulation {
  constructor(tellers, seed) {
    this.rng = new Rng(seed);
    this.tellers = new Array(tellers).fill(0);
    this.queue = [];
    this.waits = [];
    this.served = 0;
    this.maxQueue = 0;
  }
  run(minutes) {
    let nextArrival = 0, id = 0;
    for (let t = 0; t < minutes; t++) {
      while (nextArrival === t) {
        this.queue.push({ id: id++, arrived: t, service: this.rng.int(2, 9) });
        nextArrival = t + this.rng.int(0, 3);
      }
      for (let k = 0; k < this.tellers.length; k++) {
        if (this.tellers[k] <= t && this.queue.length > 0) {
          const c = this.queue.shift();
          this.waits.push(t - c.arrived);
          this.tellers[k] = t + c.service;
          this.served++;
        }
      }
      if (this.queue.length > this.maxQueue) this.maxQueue = this.queue.length;
    }
    return this;
  }
  report() {
    const avg = this.waits.reduce((a, b) => a + b, 0) / this.waits.length;
    return `tellers=${this.tellers.length} served=${this.served} left=${this.queue.length} ` +
      `avgWait=${avg.toFixed(2)} maxWait=${Math.max(...this.waits)} maxQueue=${this.maxQueue}`;
  }
}

for (let tellers = 1; tellers <= 5; tellers++) {
  console.log(new Simulation(tellers, 2024).run(480).report());
}
const r = new Rng(1);
const sample = [];
for (let i = 0; i < 6; i++) sample.push(r.next());
console.log(sample);

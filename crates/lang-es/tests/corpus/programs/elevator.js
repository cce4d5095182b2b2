// A discrete simulation of a single elevator serving requests with the SCAN strategy.
class Elevator {
  constructor(floors) {
    this.floors = floors;
    this.floor = 0;
    this.dir = 1;
    this.requests = new Array(floors).fill(false);
    this.log = [];
    this.moved = 0;
  }
  request(f) { if (f >= 0 && f < this.floors) this.requests[f] = true; }
  pending() { return this.requests.some(x => x); }
  step(t) {
    if (this.requests[this.floor]) {
      this.requests[this.floor] = false;
      this.log.push("t" + t + ":stop@" + this.floor);
      return;
    }
    if (!this.pending()) return;
    let ahead = false;
    for (let f = this.floor + this.dir; f >= 0 && f < this.floors; f += this.dir) {
      if (this.requests[f]) { ahead = true; break; }
    }
    if (!ahead) this.dir = -this.dir;
    this.floor += this.dir;
    this.moved++;
  }
}

const e = new Elevator(10);
const schedule = { 0: [5, 2], 3: [8], 4: [1], 9: [0, 9], 15: [3], 16: [7] };
for (let t = 0; t < 40; t++) {
  if (t in schedule) for (const f of schedule[t]) e.request(f);
  e.step(t);
}
console.log(e.log.join(" "));
console.log("floors moved:", e.moved, "final floor:", e.floor, "pending:", e.pending());
const e2 = new Elevator(5);
e2.request(4); e2.request(-1); e2.request(5);
let t = 0;
while (e2.pending() && t < 100) e2.step(t++);
console.log(e2.log, t, e2.floor, e2.dir);

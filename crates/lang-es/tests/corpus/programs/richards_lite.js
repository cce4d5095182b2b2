// A simplified operating-system task scheduler in the spirit of the Richards benchmark.
const IDLE = 0, WORKER = 1, HANDLER_A = 2, HANDLER_B = 3;

class Packet {
  constructor(link, id, kind) { this.link = link; this.id = id; this.kind = kind; this.a1 = 0; }
}

class Task {
  constructor(id, priority, scheduler) {
    this.id = id;
    this.priority = priority;
    this.scheduler = scheduler;
    this.queue = [];
    this.held = false;
    this.runs = 0;
  }
  ready() { return !this.held && this.queue.length > 0; }
  runOnce() {
    this.runs++;
    const p = this.queue.shift();
    return this.handle(p);
  }
  handle(p) { return null; }
}

class WorkerTask extends Task {
  constructor(id, priority, s) { super(id, priority, s); this.dest = HANDLER_A; this.count = 0; }
  handle(p) {
    if (this.count >= 1000) return null;
    this.dest = this.dest === HANDLER_A ? HANDLER_B : HANDLER_A;
    p.id = this.dest;
    p.a1 = 0;
    for (let i = 0; i < 4; i++) { this.count++; p.a1 += this.count % 26; }
    return this.scheduler.send(p, this.dest);
  }
}

class HandlerTask extends Task {
  constructor(id, priority, s) { super(id, priority, s); this.processed = 0; this.sum = 0; }
  handle(p) {
    this.processed++;
    this.sum += p.a1;
    if (this.processed % 3 === 0) this.scheduler.holdCount++;
    return this.scheduler.send(p, WORKER);
  }
}

class IdleTask extends Task {
  constructor(id, priority, s) { super(id, priority, s); this.v = 1; this.wakeups = 0; }
  ready() { return this.scheduler.idleBudget > 0; }
  runOnce() {
    this.runs++;
    this.scheduler.idleBudget--;
    this.v = (this.v * 5 + 1) & 0xffff;
    this.wakeups++;
    return null;
  }
}

class Scheduler {
  constructor() { this.tasks = []; this.queueCount = 0; this.holdCount = 0; this.idleBudget = 50; this.trace = ""; }
  add(t) { this.tasks.push(t); this.tasks.sort((a, b) => b.priority - a.priority); }
  byId(id) { return this.tasks.find(t => t.id === id); }
  send(p, id) { this.queueCount++; this.byId(id).queue.push(p); return p; }
  schedule(maxSteps) {
    for (let step = 0; step < maxSteps; step++) {
      const t = this.tasks.find(x => x.ready());
      if (t === undefined) return step;
      if (this.trace.length < 60) this.trace += t.id;
      t.runOnce();
    }
    return maxSteps;
  }
}

const s = new Scheduler();
s.add(new IdleTask(IDLE, 0, s));
s.add(new WorkerTask(WORKER, 1000, s));
s.add(new HandlerTask(HANDLER_A, 2000, s));
s.add(new HandlerTask(HANDLER_B, 3000, s));
for (let i = 0; i < 3; i++) s.byId(WORKER).queue.push(new Packet(null, WORKER, i));
const steps = s.schedule(5000);
console.log("steps", steps, "queueCount", s.queueCount, "holdCount", s.holdCount);
console.log(s.tasks.map(t => t.id + ":" + t.runs).join(" "));
console.log("handler sums", s.byId(HANDLER_A).sum, s.byId(HANDLER_B).sum, "idle v", s.byId(IDLE).v);
console.log("trace", s.trace);

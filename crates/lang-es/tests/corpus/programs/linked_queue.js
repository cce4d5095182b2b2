// A doubly linked deque with iteration, used to simulate a round-robin scheduler.
class DNode {
  constructor(value) { this.value = value; this.prev = null; this.next = null; }
}

class Deque {
  constructor() { this.head = null; this.tail = null; this.length = 0; }
  pushBack(v) {
    const n = new DNode(v);
    if (this.tail === null) { this.head = this.tail = n; }
    else { n.prev = this.tail; this.tail.next = n; this.tail = n; }
    this.length++;
  }
  pushFront(v) {
    const n = new DNode(v);
    if (this.head === null) { this.head = this.tail = n; }
    else { n.next = this.head; this.head.prev = n; this.head = n; }
    this.length++;
  }
  popFront() {
    if (this.head === null) return undefined;
    const n = this.head;
    this.head = n.next;
    if (this.head === null) this.tail = null; else this.head.prev = null;
    this.length--;
    return n.value;
  }
  popBack() {
    if (this.tail === null) return undefined;
    const n = this.tail;
    this.tail = n.prev;
    if (this.tail === null) this.head = null; else this.tail.next = null;
    this.length--;
    return n.value;
  }
  toArray() { const a = []; for (let n = this.head; n; n = n.next) a.push(n.value); return a; }
  toArrayReversed() { const a = []; for (let n = this.tail; n; n = n.prev) a.push(n.value); return a; }
}

const d = new Deque();
for (let i = 1; i <= 5; i++) { d.pushBack(i); d.pushFront(-i); }
console.log(d.toArray(), d.length);
console.log(d.toArrayReversed().join(" "));
console.log(d.popFront(), d.popBack(), d.popFront(), d.length);

class Task {
  constructor(name, work) { this.name = name; this.work = work; this.finishedAt = -1; }
}
function roundRobin(tasks, quantum) {
  const q = new Deque();
  for (const t of tasks) q.pushBack(t);
  let clock = 0;
  const trace = [];
  while (q.length > 0) {
    const t = q.popFront();
    const run = Math.min(quantum, t.work);
    clock += run;
    t.work -= run;
    trace.push(t.name + run);
    if (t.work > 0) q.pushBack(t);
    else t.finishedAt = clock;
  }
  return trace;
}
const tasks = [new Task("A", 7), new Task("B", 3), new Task("C", 10), new Task("D", 1)];
console.log(roundRobin(tasks, 3).join(" "));
console.log(tasks.map(t => t.name + "@" + t.finishedAt).join(", "));
const empty = new Deque();
console.log(empty.popFront(), empty.popBack(), empty.toArray());

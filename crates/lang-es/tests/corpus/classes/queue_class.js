// A ring-buffer queue class that grows when full.
class Queue {
  constructor(cap) { this.buf = new Array(cap); this.head = 0; this.len = 0; }
  enqueue(x) {
    if (this.len === this.buf.length) this.grow();
    this.buf[(this.head + this.len) % this.buf.length] = x;
    this.len++;
  }
  dequeue() {
    if (this.len === 0) return undefined;
    const x = this.buf[this.head];
    this.buf[this.head] = undefined;
    this.head = (this.head + 1) % this.buf.length;
    this.len--;
    return x;
  }
  grow() {
    const nb = new Array(this.buf.length * 2);
    for (let i = 0; i < this.len; i++) nb[i] = this.buf[(this.head + i) % this.buf.length];
    this.buf = nb;
    this.head = 0;
  }
}
const q = new Queue(2);
const out = [];
for (let i = 0; i < 10; i++) {
  q.enqueue(i);
  if (i % 3 === 2) out.push(q.dequeue());
}
while (q.len > 0) out.push(q.dequeue());
console.log(out, q.buf.length);

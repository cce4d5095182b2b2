// A binary min-heap priority queue used for heap sort and event ordering.
class MinHeap {
  constructor(less) { this.items = []; this.less = less; }
  size() { return this.items.length; }
  push(x) {
    const a = this.items;
    a.push(x);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(a[i], a[p])) break;
      [a[i], a[p]] = [a[p], a[i]];
      i = p;
    }
  }
  pop() {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      while (true) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < a.length && this.less(a[l], a[m])) m = l;
        if (r < a.length && this.less(a[r], a[m])) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }
  peek() { return this.items[0]; }
}

function heapSort(arr) {
  const h = new MinHeap((a, b) => a < b);
  for (const x of arr) h.push(x);
  const out = [];
  while (h.size() > 0) out.push(h.pop());
  return out;
}

let seed = 99;
const data = [];
for (let i = 0; i < 30; i++) { seed = (seed * 69069 + 1) % 4294967296; data.push(seed % 500); }
const sorted = heapSort(data);
console.log(sorted.join(" "));
console.log(sorted.join() === data.slice().sort((a, b) => a - b).join());
console.log(heapSort(["delta", "alpha", "echo", "bravo", "charlie"]));

const events = new MinHeap((a, b) => a.time < b.time || (a.time === b.time && a.seq < b.seq));
let seq = 0;
function schedule(time, what) { events.push({ time, seq: seq++, what }); }
schedule(5, "e1"); schedule(1, "e2"); schedule(5, "e3"); schedule(3, "e4"); schedule(1, "e5");
const order = [];
while (events.size() > 0) {
  const e = events.pop();
  order.push(e.time + ":" + e.what);
  if (e.what === "e4") schedule(4, "spawned-by-e4");
}
console.log(order.join(" "));
console.log(events.pop(), events.peek());

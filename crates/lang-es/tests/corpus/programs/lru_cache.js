// An LRU cache built from an object index and a doubly linked list, used to memoize work.
class LRU {
  constructor(capacity) {
    this.capacity = capacity;
    this.map = {};
    this.size = 0;
    this.head = { key: null, prev: null, next: null };
    this.tail = { key: null, prev: this.head, next: null };
    this.head.next = this.tail;
    this.hits = 0;
    this.misses = 0;
  }
  unlink(n) { n.prev.next = n.next; n.next.prev = n.prev; }
  pushFront(n) { n.next = this.head.next; n.prev = this.head; this.head.next.prev = n; this.head.next = n; }
  get(key) {
    const n = this.map["k" + key];
    if (n === undefined) { this.misses++; return undefined; }
    this.hits++;
    this.unlink(n);
    this.pushFront(n);
    return n.value;
  }
  put(key, value) {
    const k = "k" + key;
    let n = this.map[k];
    if (n !== undefined) { n.value = value; this.unlink(n); this.pushFront(n); return; }
    if (this.size === this.capacity) {
      const lru = this.tail.prev;
      this.unlink(lru);
      this.map["k" + lru.key] = undefined;
      this.size--;
    }
    n = { key, value, prev: null, next: null };
    this.map[k] = n;
    this.pushFront(n);
    this.size++;
  }
  keys() { const out = []; for (let n = this.head.next; n !== this.tail; n = n.next) out.push(n.key); return out; }
}

const c = new LRU(3);
c.put("a", 1); c.put("b", 2); c.put("c", 3);
console.log(c.keys(), c.get("a"), c.keys());
c.put("d", 4);
console.log(c.keys(), c.get("b"), c.get("c"));
c.put("a", 10);
console.log(c.keys(), c.get("a"), c.hits, c.misses);

const cache = new LRU(50);
let computed = 0;
function slowSquare(n) {
  const hit = cache.get(n);
  if (hit !== undefined) return hit;
  computed++;
  const v = n * n;
  cache.put(n, v);
  return v;
}
let total = 0;
for (let i = 0; i < 2000; i++) total += slowSquare((i % 7) * (i % 11) + Math.floor(i / 500));
console.log(total, computed, cache.hits, cache.misses, cache.size);

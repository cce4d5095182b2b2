// A separate-chaining hash map with string keys, deletion and iteration order by insertion.
class HashMap {
  constructor() {
    this.capacity = 8;
    this.buckets = new Array(this.capacity).fill(null).map(() => []);
    this.order = [];
    this.count = 0;
  }
  hash(key) {
    let h = 5381;
    for (let i = 0; i < key.length; i++) h = ((h << 5) + h + key.charCodeAt(i)) >>> 0;
    return h;
  }
  bucket(key) { return this.buckets[this.hash(key) % this.capacity]; }
  set(key, value) {
    const b = this.bucket(key);
    for (const pair of b) if (pair[0] === key) { pair[1] = value; return this; }
    b.push([key, value]);
    this.order.push(key);
    this.count++;
    if (this.count > this.capacity * 2) this.grow();
    return this;
  }
  get(key) {
    for (const pair of this.bucket(key)) if (pair[0] === key) return pair[1];
    return undefined;
  }
  has(key) { return this.get(key) !== undefined; }
  remove(key) {
    const b = this.bucket(key);
    const i = b.findIndex(p => p[0] === key);
    if (i < 0) return false;
    b.splice(i, 1);
    this.order.splice(this.order.indexOf(key), 1);
    this.count--;
    return true;
  }
  grow() {
    const old = this.buckets;
    this.capacity *= 2;
    this.buckets = new Array(this.capacity).fill(null).map(() => []);
    for (const b of old) for (const [k, v] of b) this.bucket(k).push([k, v]);
  }
  entries() { return this.order.map(k => [k, this.get(k)]); }
  stats() { return this.buckets.map(b => b.length).reduce((m, x) => Math.max(m, x), 0); }
}

const m = new HashMap();
m.set("one", 1).set("two", 2).set("three", 3).set("two", 22);
console.log(m.get("one"), m.get("two"), m.get("four"), m.has("three"), m.count);
console.log(m.remove("one"), m.remove("one"), m.entries());
for (let i = 0; i < 200; i++) m.set("key" + i, i * i);
console.log(m.count, m.capacity, m.stats(), m.get("key150"), m.get("key200"));
let removed = 0;
for (let i = 0; i < 200; i += 3) if (m.remove("key" + i)) removed++;
console.log(removed, m.count, m.entries().slice(0, 6));
console.log(m.hash(""), m.hash("a"), m.hash("EasyScript"), m.hash("x".repeat(40)));

// A hash dictionary with buckets and resizing, modelled on the AWFY SOM Dictionary.
function hashString(s) {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return h;
}

class Entry {
  constructor(hash, key, value, next) {
    this.hash = hash; this.key = key; this.value = value; this.next = next;
  }
}

class Dictionary {
  constructor(capacity) {
    this.buckets = new Array(capacity).fill(null);
    this.size = 0;
    this.resizes = 0;
  }
  hash(key) {
    const h = typeof key === "number" ? key | 0 : hashString(String(key));
    return h ^ (h >>> 16);
  }
  bucketIdx(hash) { return (this.buckets.length - 1) & hash; }
  at(key) {
    const h = this.hash(key);
    for (let e = this.buckets[this.bucketIdx(h)]; e !== null; e = e.next) {
      if (e.hash === h && e.key === key) return e.value;
    }
    return null;
  }
  containsKey(key) { return this.at(key) !== null; }
  atPut(key, value) {
    const h = this.hash(key);
    const i = this.bucketIdx(h);
    for (let e = this.buckets[i]; e !== null; e = e.next) {
      if (e.hash === h && e.key === key) { e.value = value; return; }
    }
    this.buckets[i] = new Entry(h, key, value, this.buckets[i]);
    this.size++;
    if (this.size > this.buckets.length * 0.75) this.resize();
  }
  resize() {
    const old = this.buckets;
    this.buckets = new Array(old.length * 2).fill(null);
    this.resizes++;
    for (let b of old) {
      while (b !== null) {
        const next = b.next;
        const i = this.bucketIdx(b.hash);
        b.next = this.buckets[i];
        this.buckets[i] = b;
        b = next;
      }
    }
  }
  keys() {
    const out = [];
    for (const b of this.buckets) for (let e = b; e !== null; e = e.next) out.push(e.key);
    return out;
  }
  longestChain() {
    let m = 0;
    for (const b of this.buckets) { let n = 0; for (let e = b; e !== null; e = e.next) n++; if (n > m) m = n; }
    return m;
  }
}

const d = new Dictionary(4);
const words = "the quick brown fox jumps over the lazy dog and the quick cat naps".split(" ");
for (const w of words) d.atPut(w, (d.at(w) || 0) + 1);
console.log(d.size, d.buckets.length, d.resizes, d.at("the"), d.at("quick"), d.at("zebra"));
console.log(d.keys().slice().sort().join(","));
const nums = new Dictionary(2);
for (let i = 0; i < 1000; i++) nums.atPut(i * 7, i);
console.log(nums.size, nums.buckets.length, nums.resizes, nums.at(700), nums.at(701), nums.longestChain());
console.log(hashString(""), hashString("a"), hashString("hello world"), hashString("EasyScript".repeat(5)));
console.log(d.containsKey("fox"), d.containsKey("wolf"));

// A growable Vector class modelled on the AWFY SOM library, with sorting and iteration.
class Vector {
  constructor(size) {
    this.storage = new Array(size === undefined || size === 0 ? 4 : size);
    this.firstIdx = 0;
    this.lastIdx = 0;
  }
  static with(...elems) {
    const v = new Vector(elems.length);
    for (const e of elems) v.append(e);
    return v;
  }
  at(idx) {
    if (idx >= this.size()) return null;
    return this.storage[this.firstIdx + idx];
  }
  append(elem) {
    if (this.lastIdx >= this.storage.length) {
      const newStorage = new Array(this.storage.length * 2);
      for (let i = this.firstIdx; i < this.lastIdx; i++) newStorage[i - this.firstIdx] = this.storage[i];
      this.lastIdx -= this.firstIdx;
      this.firstIdx = 0;
      this.storage = newStorage;
    }
    this.storage[this.lastIdx++] = elem;
  }
  isEmpty() { return this.lastIdx === this.firstIdx; }
  size() { return this.lastIdx - this.firstIdx; }
  forEach(fn) { for (let i = this.firstIdx; i < this.lastIdx; i++) fn(this.storage[i]); }
  hasSome(fn) {
    for (let i = this.firstIdx; i < this.lastIdx; i++) if (fn(this.storage[i])) return true;
    return false;
  }
  removeFirst() {
    if (this.isEmpty()) return null;
    this.firstIdx++;
    return this.storage[this.firstIdx - 1];
  }
  removeAll() {
    this.firstIdx = 0;
    this.lastIdx = 0;
    this.storage = new Array(this.storage.length);
  }
  sort(cmp) {
    if (this.size() > 0) this.sortRange(this.firstIdx, this.lastIdx - 1, cmp);
  }
  sortRange(i, j, cmp) {
    const n = j + 1 - i;
    if (n <= 1) return;
    let di = this.storage[i];
    let dj = this.storage[j];
    if (cmp(di, dj) > 0) { this.swap(i, j); const t = di; di = dj; dj = t; }
    if (n > 2) {
      const ij = (i + j) >> 1;
      let dij = this.storage[ij];
      if (cmp(di, dij) <= 0) {
        if (cmp(dij, dj) > 0) { this.swap(j, ij); dij = dj; }
      } else {
        this.swap(i, ij);
        dij = di;
      }
      if (n > 3) {
        let k = i, l = j - 1;
        while (true) {
          while (k <= l && cmp(dij, this.storage[l]) <= 0) l--;
          k++;
          while (k <= l && cmp(this.storage[k], dij) <= 0) k++;
          if (k > l) break;
          this.swap(k, l);
        }
        this.sortRange(i, l, cmp);
        this.sortRange(k, j, cmp);
      }
    }
  }
  swap(a, b) { const t = this.storage[a]; this.storage[a] = this.storage[b]; this.storage[b] = t; }
  toArray() { const out = []; this.forEach(e => out.push(e)); return out; }
}

const v = new Vector();
let seed = 1234;
for (let i = 0; i < 40; i++) {
  seed = (seed * 16807) % 2147483647;
  v.append(seed % 1000);
}
console.log(v.size(), v.storage.length, v.at(0), v.at(39), v.at(40));
v.sort((a, b) => a - b);
console.log(v.toArray().join(" "));
console.log(v.hasSome(x => x > 990), v.hasSome(x => x < 0));
const removed = [];
for (let i = 0; i < 5; i++) removed.push(v.removeFirst());
console.log(removed, v.size());
const w = Vector.with("pear", "apple", "fig", "kiwi", "banana");
w.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
console.log(w.toArray());
w.sort((a, b) => a.length - b.length);
console.log(w.toArray());
w.removeAll();
console.log(w.isEmpty(), w.removeFirst(), w.size());

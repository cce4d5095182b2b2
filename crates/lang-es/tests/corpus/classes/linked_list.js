// A linked list class with iteration helpers.
class Node {
  constructor(value, next) { this.value = value; this.next = next; }
}
class List {
  constructor() { this.head = null; this.size = 0; }
  push(v) { this.head = new Node(v, this.head); this.size++; return this; }
  toArray() {
    const out = [];
    for (let n = this.head; n !== null; n = n.next) out.push(n.value);
    return out;
  }
  reverse() {
    let prev = null, cur = this.head;
    while (cur !== null) { const nx = cur.next; cur.next = prev; prev = cur; cur = nx; }
    this.head = prev;
    return this;
  }
  sum() { let s = 0; for (let n = this.head; n; n = n.next) s += n.value; return s; }
}
const l = new List().push(1).push(2).push(3).push(4);
console.log(l.toArray(), l.size, l.sum());
console.log(l.reverse().toArray());
console.log(new List().push("only"));

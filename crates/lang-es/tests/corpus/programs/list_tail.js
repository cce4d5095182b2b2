// The Takeuchi-like list tail benchmark from AWFY using linked elements.
class Element {
  constructor(v) {
    this.val = v;
    this.next = null;
  }

  length() {
    if (this.next === null) return 1;
    return 1 + this.next.length();
  }
}

class ListBench {
  constructor() { this.calls = 0; }

  makeList(length) {
    if (length === 0) return null;
    const e = new Element(length);
    e.next = this.makeList(length - 1);
    return e;
  }

  isShorterThan(x, y) {
    let xTail = x;
    let yTail = y;
    while (yTail !== null) {
      if (xTail === null) return true;
      xTail = xTail.next;
      yTail = yTail.next;
    }
    return false;
  }

  tail(x, y, z) {
    this.calls++;
    if (this.isShorterThan(y, x)) {
      return this.tail(
        this.tail(x.next, y, z),
        this.tail(y.next, z, x),
        this.tail(z.next, x, y)
      );
    }
    return z;
  }
}

function toArray(e) {
  const out = [];
  while (e !== null) { out.push(e.val); e = e.next; }
  return out;
}

const b = new ListBench();
const result = b.tail(b.makeList(15), b.makeList(10), b.makeList(6));
console.log("length", result.length(), "calls", b.calls);
console.log(toArray(result));
for (const [x, y, z] of [[4, 2, 1], [6, 3, 1], [8, 4, 2], [10, 5, 2]]) {
  const bb = new ListBench();
  const r = bb.tail(bb.makeList(x), bb.makeList(y), bb.makeList(z));
  console.log(x, y, z, "->", r === null ? "null" : r.length(), bb.calls);
}

// Methods inlined into their callers that call, loop with for-of, and throw. A for-of step is a
// boundary that writes the frame of its function: inside an inlined method, that frame is the
// method's, made real for the call. Errors thrown from inlined methods name every frame.
class Table {
  constructor() {
    this.rows = [["a", 1], ["b", 2], ["c", 3]];
  }
  find(key) {
    for (const row of this.rows) if (row[0] === key) return row[1];
    return undefined;
  }
  sum(keys) {
    let total = 0;
    for (const k of keys) total += this.find(k) ?? 0;
    return total;
  }
  strict(key) {
    const v = this.find(key);
    if (v === undefined) throw new Error("missing " + key);
    return v;
  }
}

const t = new Table();
const keys = ["a", "c", "z", "b"];
let acc = 0;
for (let i = 0; i < 3000; i++) acc += t.sum(keys) + (t.find(keys[i % 4]) ?? 0);
console.log(acc);
console.log(["a", "b", "z"].map(k => [k, t.find(k)]));

function lookUp(k) { return t.strict(k) * 2; }
let caught = 0;
for (let i = 0; i < 2000; i++) {
  try {
    acc += lookUp(i % 10 === 0 ? "q" : "b");
  } catch (e) {
    caught++;
    if (caught === 1) console.log(e.message);
  }
}
console.log(acc, caught);

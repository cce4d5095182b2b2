// A tiny spreadsheet with formulas referencing other cells, evaluated with memoization and cycle detection.
class Sheet {
  constructor() { this.cells = {}; this.cache = {}; this.evaluating = {}; }
  set(name, src) { this.cells[name] = src; this.cache = {}; }
  value(name) {
    if (name in this.cache) return this.cache[name];
    if (this.evaluating[name]) throw new Error("circular reference at " + name);
    const src = this.cells[name];
    if (src === undefined) return 0;
    this.evaluating[name] = true;
    let v;
    try {
      v = src.startsWith("=") ? this.evalFormula(src.slice(1)) : Number(src);
    } finally {
      this.evaluating[name] = false;
    }
    this.cache[name] = v;
    return v;
  }
  evalFormula(f) {
    if (f.startsWith("SUM(") && f.endsWith(")")) {
      const [from, to] = f.slice(4, -1).split(":");
      let s = 0;
      for (const n of this.range(from, to)) s += this.value(n);
      return s;
    }
    let total = 0;
    for (const term of f.split("+")) {
      const parts = term.split("*");
      let prod = 1;
      for (const p of parts) {
        const t = p.trim();
        prod *= t >= "A" && t[0] <= "Z" ? this.value(t) : Number(t);
      }
      total += prod;
    }
    return total;
  }
  range(from, to) {
    const out = [];
    const c1 = from.charCodeAt(0), c2 = to.charCodeAt(0);
    const r1 = Number(from.slice(1)), r2 = Number(to.slice(1));
    for (let c = c1; c <= c2; c++) for (let r = r1; r <= r2; r++) out.push(String.fromCharCode(c) + r);
    return out;
  }
  show(names) { return names.map(n => n + "=" + this.value(n)).join(" "); }
}

const s = new Sheet();
s.set("A1", "10"); s.set("A2", "20"); s.set("A3", "30.5");
s.set("B1", "=A1*2"); s.set("B2", "=A2 * 2 + 1"); s.set("B3", "=SUM(A1:A3)");
s.set("C1", "=SUM(A1:B3)"); s.set("C2", "=C1*0.1 + B3");
console.log(s.show(["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2"]));
s.set("A1", "100");
console.log(s.show(["B1", "B3", "C1", "C2"]));
s.set("D1", "=D2+1"); s.set("D2", "=D3+1"); s.set("D3", "=D1+1");
try { s.value("D1"); } catch (e) { console.log(e.message); }
console.log(s.value("Z9"), s.show(["C2"]));

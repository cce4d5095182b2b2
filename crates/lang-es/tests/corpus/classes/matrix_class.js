// A small matrix class with multiplication and transpose.
class Matrix {
  constructor(rows, cols) {
    this.rows = rows; this.cols = cols;
    this.data = new Array(rows * cols).fill(0);
  }
  get(r, c) { return this.data[r * this.cols + c]; }
  set(r, c, v) { this.data[r * this.cols + c] = v; }
  mul(o) {
    const m = new Matrix(this.rows, o.cols);
    for (let i = 0; i < this.rows; i++)
      for (let j = 0; j < o.cols; j++) {
        let s = 0;
        for (let k = 0; k < this.cols; k++) s += this.get(i, k) * o.get(k, j);
        m.set(i, j, s);
      }
    return m;
  }
  toString() {
    const lines = [];
    for (let i = 0; i < this.rows; i++) {
      const row = [];
      for (let j = 0; j < this.cols; j++) row.push(String(this.get(i, j)).padStart(4));
      lines.push(row.join(""));
    }
    return lines.join("\n");
  }
}
const a = new Matrix(2, 3), b = new Matrix(3, 2);
for (let i = 0; i < 6; i++) { a.data[i] = i + 1; b.data[i] = 6 - i; }
console.log(String(a.mul(b)));
console.log(String(b.mul(a)));

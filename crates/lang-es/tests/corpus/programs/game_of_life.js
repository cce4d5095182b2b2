// Conway's Game of Life on a small torus, printing generations.
class Life {
  constructor(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    this.cells = new Array(rows * cols).fill(0);
  }
  set(r, c) { this.cells[r * this.cols + c] = 1; }
  get(r, c) {
    const rr = (r + this.rows) % this.rows, cc = (c + this.cols) % this.cols;
    return this.cells[rr * this.cols + cc];
  }
  neighbours(r, c) {
    let n = 0;
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++)
        if (dr !== 0 || dc !== 0) n += this.get(r + dr, c + dc);
    return n;
  }
  step() {
    const next = new Array(this.cells.length).fill(0);
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        const n = this.neighbours(r, c);
        const alive = this.get(r, c) === 1;
        next[r * this.cols + c] = (alive && (n === 2 || n === 3)) || (!alive && n === 3) ? 1 : 0;
      }
    }
    this.cells = next;
  }
  population() { return this.cells.reduce((a, b) => a + b, 0); }
  toString() {
    const lines = [];
    for (let r = 0; r < this.rows; r++) {
      let s = "";
      for (let c = 0; c < this.cols; c++) s += this.get(r, c) ? "#" : ".";
      lines.push(s);
    }
    return lines.join("\n");
  }
}

const life = new Life(10, 12);
for (const [r, c] of [[0, 1], [1, 2], [2, 0], [2, 1], [2, 2]]) life.set(r, c);
for (const [r, c] of [[6, 7], [6, 8], [6, 9]]) life.set(r, c);
for (let gen = 0; gen <= 8; gen++) {
  if (gen % 4 === 0) {
    console.log("generation " + gen + ", population " + life.population());
    console.log(String(life));
  }
  life.step();
}
const big = new Life(40, 40);
let s = 7;
for (let i = 0; i < 500; i++) { s = (s * 16807) % 2147483647; big.cells[Math.floor(s / 1024) % 1600] = 1; }
const pops = [];
for (let g = 0; g < 30; g++) { pops.push(big.population()); big.step(); }
console.log(pops.join(" "));

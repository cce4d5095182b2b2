// N-Queens solved with backtracking over boolean arrays, like the AWFY Queens benchmark.
class Queens {
  constructor(n) {
    this.n = n;
    this.freeRows = new Array(n).fill(true);
    this.freeMaxs = new Array(2 * n).fill(true);
    this.freeMins = new Array(2 * n).fill(true);
    this.queenRows = new Array(n).fill(-1);
    this.solutions = 0;
    this.first = null;
  }

  getRowColumn(r, c) {
    return this.freeRows[r] && this.freeMaxs[c + r] && this.freeMins[c - r + this.n - 1];
  }

  setRowColumn(r, c, v) {
    this.freeRows[r] = v;
    this.freeMaxs[c + r] = v;
    this.freeMins[c - r + this.n - 1] = v;
  }

  placeQueen(c) {
    for (let r = 0; r < this.n; r++) {
      if (this.getRowColumn(r, c)) {
        this.queenRows[r] = c;
        this.setRowColumn(r, c, false);
        if (c === this.n - 1) {
          this.solutions++;
          if (this.first === null) this.first = this.queenRows.slice();
        } else {
          this.placeQueen(c + 1);
        }
        this.setRowColumn(r, c, true);
      }
    }
  }

  solve() {
    this.placeQueen(0);
    return this.solutions;
  }

  board() {
    const lines = [];
    for (let r = 0; r < this.n; r++) {
      let line = "";
      for (let c = 0; c < this.n; c++) line += this.first[r] === c ? "Q " : ". ";
      lines.push(line.slice(0, -1));
    }
    return lines.join("\n");
  }
}

for (let n = 1; n <= 9; n++) {
  const q = new Queens(n);
  console.log(n + "-queens: " + q.solve() + " solutions");
}
const eight = new Queens(8);
eight.solve();
console.log(eight.board());
console.log(eight.first);

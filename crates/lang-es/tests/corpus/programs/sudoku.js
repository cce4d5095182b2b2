// A backtracking Sudoku solver with constraint checks.
const puzzle = [
  "53..7....",
  "6..195...",
  ".98....6.",
  "8...6...3",
  "4..8.3..1",
  "7...2...6",
  ".6....28.",
  "...419..5",
  "....8..79",
];

function parse(rows) {
  const g = [];
  for (const row of rows) g.push(row.split("").map(ch => (ch === "." ? 0 : Number(ch))));
  return g;
}

function canPlace(g, r, c, v) {
  for (let i = 0; i < 9; i++) {
    if (g[r][i] === v || g[i][c] === v) return false;
  }
  const br = r - (r % 3), bc = c - (c % 3);
  for (let i = br; i < br + 3; i++)
    for (let j = bc; j < bc + 3; j++)
      if (g[i][j] === v) return false;
  return true;
}

let attempts = 0;
function solve(g) {
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      if (g[r][c] !== 0) continue;
      for (let v = 1; v <= 9; v++) {
        if (canPlace(g, r, c, v)) {
          attempts++;
          g[r][c] = v;
          if (solve(g)) return true;
          g[r][c] = 0;
        }
      }
      return false;
    }
  }
  return true;
}

function show(g) {
  const lines = [];
  for (let r = 0; r < 9; r++) {
    if (r > 0 && r % 3 === 0) lines.push("------+-------+------");
    const parts = [];
    for (let c = 0; c < 9; c++) {
      if (c > 0 && c % 3 === 0) parts.push("|");
      parts.push(g[r][c] === 0 ? "." : String(g[r][c]));
    }
    lines.push(parts.join(" "));
  }
  return lines.join("\n");
}

function valid(g) {
  for (let i = 0; i < 9; i++) {
    const row = {}, col = {}, box = {};
    for (let j = 0; j < 9; j++) {
      const a = g[i][j], b = g[j][i];
      const c = g[3 * Math.floor(i / 3) + Math.floor(j / 3)][3 * (i % 3) + (j % 3)];
      if (row[a] || col[b] || box[c]) return false;
      row[a] = col[b] = box[c] = true;
    }
  }
  return true;
}

const g = parse(puzzle);
console.log(show(g));
console.log();
console.log(solve(g), attempts);
console.log(show(g));
console.log("valid:", valid(g));
const bad = parse(puzzle);
bad[0][2] = 5;
console.log("unsolvable copy solved?", solve(bad));

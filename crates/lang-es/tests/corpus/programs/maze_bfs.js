// Solving a text maze with breadth-first search and drawing the path.
const maze = [
  "###############",
  "#S....#.......#",
  "#.###.#.#####.#",
  "#.#...#.#...#.#",
  "#.#.###.#.#.#.#",
  "#.#.....#.#...#",
  "#.#######.###.#",
  "#.........#..E#",
  "###############",
];

function solve(lines) {
  const grid = lines.map(l => l.split(""));
  let start = null, end = null;
  for (let r = 0; r < grid.length; r++)
    for (let c = 0; c < grid[r].length; c++) {
      if (grid[r][c] === "S") start = [r, c];
      if (grid[r][c] === "E") end = [r, c];
    }
  const key = (r, c) => r * 100 + c;
  const prev = {};
  prev[key(start[0], start[1])] = -1;
  const queue = [start];
  let visited = 0;
  while (queue.length > 0) {
    const [r, c] = queue.shift();
    visited++;
    if (r === end[0] && c === end[1]) break;
    for (const [dr, dc] of [[0, 1], [1, 0], [0, -1], [-1, 0]]) {
      const nr = r + dr, nc = c + dc;
      if (grid[nr][nc] !== "#" && !(key(nr, nc) in prev)) {
        prev[key(nr, nc)] = key(r, c);
        queue.push([nr, nc]);
      }
    }
  }
  let k = prev[key(end[0], end[1])];
  let length = 1;
  while (k !== key(start[0], start[1])) {
    grid[Math.floor(k / 100)][k % 100] = "*";
    k = prev[k];
    length++;
  }
  return { picture: grid.map(row => row.join("")).join("\n"), length, visited };
}

const r = solve(maze);
console.log(r.picture);
console.log("path length", r.length, "cells visited", r.visited);

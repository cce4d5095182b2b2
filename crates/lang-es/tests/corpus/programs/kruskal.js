// Minimum spanning tree with Kruskal's algorithm and a union-find structure.
class UnionFind {
  constructor(n) {
    this.parent = [];
    this.rank = new Array(n).fill(0);
    for (let i = 0; i < n; i++) this.parent.push(i);
    this.sets = n;
  }
  find(x) {
    while (this.parent[x] !== x) {
      this.parent[x] = this.parent[this.parent[x]];
      x = this.parent[x];
    }
    return x;
  }
  union(a, b) {
    let ra = this.find(a), rb = this.find(b);
    if (ra === rb) return false;
    if (this.rank[ra] < this.rank[rb]) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    if (this.rank[ra] === this.rank[rb]) this.rank[ra]++;
    this.sets--;
    return true;
  }
}

function kruskal(n, edges) {
  const sorted = edges.slice().sort((x, y) => x[2] - y[2] || x[0] - y[0] || x[1] - y[1]);
  const uf = new UnionFind(n);
  const tree = [];
  let weight = 0;
  for (const [a, b, w] of sorted) {
    if (uf.union(a, b)) { tree.push(a + "-" + b); weight += w; }
  }
  return { tree, weight, components: uf.sets };
}

const edges = [[0, 1, 4], [0, 7, 8], [1, 2, 8], [1, 7, 11], [2, 3, 7], [2, 8, 2], [2, 5, 4],
  [3, 4, 9], [3, 5, 14], [4, 5, 10], [5, 6, 2], [6, 7, 1], [6, 8, 6], [7, 8, 7]];
console.log(kruskal(9, edges));
const grid = [];
const N = 8;
let seed = 3;
for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) {
  const id = r * N + c;
  seed = (seed * 16807) % 2147483647;
  if (c + 1 < N) grid.push([id, id + 1, seed % 100]);
  seed = (seed * 16807) % 2147483647;
  if (r + 1 < N) grid.push([id, id + N, seed % 100]);
}
const res = kruskal(N * N, grid);
console.log(grid.length, res.tree.length, res.weight, res.components);
console.log(kruskal(5, [[0, 1, 1], [3, 4, 1]]));

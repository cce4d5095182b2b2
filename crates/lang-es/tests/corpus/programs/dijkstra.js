// Dijkstra's shortest paths on a weighted graph, with path reconstruction.
class Graph {
  constructor() { this.adj = {}; this.nodes = []; }
  addEdge(a, b, w) {
    for (const n of [a, b]) if (!(n in this.adj)) { this.adj[n] = []; this.nodes.push(n); }
    this.adj[a].push({ to: b, w });
    this.adj[b].push({ to: a, w });
  }
  shortest(src) {
    const dist = {}, prev = {}, done = {};
    for (const n of this.nodes) { dist[n] = Infinity; prev[n] = null; done[n] = false; }
    dist[src] = 0;
    for (let iter = 0; iter < this.nodes.length; iter++) {
      let best = null;
      for (const n of this.nodes) {
        if (!done[n] && (best === null || dist[n] < dist[best])) best = n;
      }
      if (best === null || dist[best] === Infinity) break;
      done[best] = true;
      for (const e of this.adj[best]) {
        const nd = dist[best] + e.w;
        if (nd < dist[e.to]) { dist[e.to] = nd; prev[e.to] = best; }
      }
    }
    return { dist, prev };
  }
  path(prev, target) {
    const p = [];
    for (let n = target; n !== null; n = prev[n]) p.unshift(n);
    return p;
  }
}

const g = new Graph();
const edges = [["A", "B", 7], ["A", "C", 9], ["A", "F", 14], ["B", "C", 10], ["B", "D", 15],
  ["C", "D", 11], ["C", "F", 2], ["D", "E", 6], ["E", "F", 9], ["G", "H", 1]];
for (const [a, b, w] of edges) g.addEdge(a, b, w);
const { dist, prev } = g.shortest("A");
console.log(dist);
for (const t of ["B", "D", "E", "F", "G"]) {
  console.log(t, dist[t], dist[t] === Infinity ? "unreachable" : g.path(prev, t).join("->"));
}
const grid = new Graph();
const N = 6;
for (let r = 0; r < N; r++) {
  for (let c = 0; c < N; c++) {
    const id = r * N + c;
    if (c + 1 < N) grid.addEdge(id, id + 1, 1 + ((r * 7 + c * 3) % 5));
    if (r + 1 < N) grid.addEdge(id, id + N, 1 + ((r * 3 + c * 11) % 4));
  }
}
const res = grid.shortest(0);
console.log(res.dist[N * N - 1], grid.path(res.prev, N * N - 1).join(" "));

// An adjacency list stored in an object, with BFS.
const graph = { a: ["b", "c"], b: ["d"], c: ["d", "e"], d: ["f"], e: ["f"], f: [] };
function bfs(start) {
  const dist = {};
  dist[start] = 0;
  const queue = [start];
  while (queue.length > 0) {
    const n = queue.shift();
    for (const m of graph[n]) {
      if (!(m in dist)) {
        dist[m] = dist[n] + 1;
        queue.push(m);
      }
    }
  }
  return dist;
}
console.log(bfs("a"));
console.log(bfs("c"));

// Topological sorting of build targets with cycle detection.
function topoSort(deps) {
  const names = Object.keys(deps).sort();
  const state = {};
  const order = [];
  const path = [];
  function visit(n) {
    if (state[n] === "done") return;
    if (state[n] === "active") {
      const cycle = path.slice(path.indexOf(n)).concat(n);
      throw new Error("cycle: " + cycle.join(" -> "));
    }
    state[n] = "active";
    path.push(n);
    for (const d of deps[n] || []) visit(d);
    path.pop();
    state[n] = "done";
    order.push(n);
  }
  for (const n of names) visit(n);
  return order;
}

const build = {
  app: ["lib", "ui", "config"],
  ui: ["lib", "assets"],
  lib: ["core"],
  core: [],
  assets: ["config"],
  config: [],
  tests: ["app", "mocks"],
  mocks: ["core"],
};
console.log(topoSort(build).join(" "));
const withCycle = { a: ["b"], b: ["c"], c: ["d", "a"], d: [] };
try {
  topoSort(withCycle);
} catch (e) {
  console.log(e.message);
}
function kahn(deps) {
  const indeg = {};
  const users = {};
  for (const n of Object.keys(deps)) { if (!(n in indeg)) indeg[n] = 0; users[n] = users[n] || []; }
  for (const n of Object.keys(deps)) for (const d of deps[n]) { indeg[n]++; (users[d] = users[d] || []).push(n); }
  const ready = Object.keys(indeg).filter(n => indeg[n] === 0).sort();
  const levels = [];
  while (ready.length > 0) {
    const level = ready.splice(0, ready.length);
    levels.push(level);
    for (const n of level) for (const u of users[n]) if (--indeg[u] === 0) ready.push(u);
    ready.sort();
  }
  return levels;
}
console.log(kahn(build));

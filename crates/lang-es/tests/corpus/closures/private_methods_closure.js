// A module pattern with private helpers and a public API.
const stackModule = (function () {
  const items = [];
  function check() { if (items.length === 0) throw new Error("empty stack"); }
  return {
    push(x) { items.push(x); return api; },
    pop() { check(); return items.pop(); },
    size() { return items.length; },
  };
})();
const api = stackModule;
stackModule.push(1).push(2);
console.log(stackModule.size(), stackModule.pop(), stackModule.pop());
try { stackModule.pop(); } catch (e) { console.log("error:", e.message); }

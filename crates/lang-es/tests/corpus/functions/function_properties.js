// Functions are objects: they can carry properties.
function f() { return f.calls = (f.calls || 0) + 1; }
f(); f(); f();
console.log(f.calls, typeof f, f.name);
const g = () => 1;
g.meta = { tag: "arrow" };
console.log(g.meta.tag, g());

// Error objects have writable message and name properties.
const e = new Error("initial");
e.message = "changed";
console.log(e.message, String(e));
e.name = "Custom";
console.log(String(e), e.name);
const f = new Error("x");
f.name = "";
console.log(String(f));
const g = new Error("");
console.log(String(g), "|" + g.message + "|");
const h = new TypeError(42);
console.log(h.message, typeof h.message);
const i = new Error(undefined);
console.log("|" + i.message + "|", String(i));

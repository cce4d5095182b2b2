// Conditionals used as expressions inside assignments and arguments.
function clamp(x, lo, hi) { return x < lo ? lo : x > hi ? hi : x; }
console.log(clamp(-5, 0, 10), clamp(5, 0, 10), clamp(50, 0, 10));
const list = [];
for (let i = 0; i < 6; i++) list.push(i % 2 ? "odd" : i % 3 ? "even" : "even-div3");
console.log(list);

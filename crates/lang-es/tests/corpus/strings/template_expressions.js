// Template literal substitutions evaluate arbitrary expressions in order.
let i = 0;
const next = () => ++i;
console.log(`${next()}-${next()}-${next()}`);
const obj = { a: 1, b: [1, 2] };
console.log(`${obj.a + 1} ${obj.b.length} ${obj.b} ${obj.b.map(x => x * 10)}`);
console.log(`${1 < 2 ? "yes" : "no"} ${typeof obj} ${"x".repeat(3)}`);
console.log(`${0.1 + 0.2} ${1e21} ${-0} ${[-0]}`);

// Destructuring in function parameters with defaults.
function area({ w, h = w }) { return w * h; }
console.log(area({ w: 3 }), area({ w: 3, h: 4 }));
function head([first, ...others]) { return first + "/" + others.length; }
console.log(head([1, 2, 3]), head(["only"]), head("str"));
function opts({ verbose = false, level = 1 } = {}) { return verbose + ":" + level; }
console.log(opts(), opts({}), opts({ verbose: true }), opts({ level: 5 }));
const pairs = [[1, "a"], [2, "b"]];
console.log(pairs.map(([n, s]) => s.repeat(n)));
const people = [{ name: "x", tags: ["t1"] }, { name: "y", tags: [] }];
console.log(people.map(({ name, tags: [t = "none"] }) => name + "=" + t));

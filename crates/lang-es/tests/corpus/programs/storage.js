// Recursive tree of arrays allocating many objects, like the AWFY Storage benchmark.
class Random {
  constructor() { this.seed = 74755; }
  next() {
    this.seed = ((this.seed * 1309) + 13849) & 65535;
    return this.seed;
  }
}

class Storage {
  constructor() {
    this.count = 0;
    this.random = new Random();
  }

  buildTreeDepth(depth) {
    this.count++;
    if (depth === 1) {
      return new Array(this.random.next() % 10 + 1);
    }
    const arr = new Array(4);
    for (let i = 0; i < 4; i++) arr[i] = this.buildTreeDepth(depth - 1);
    return arr;
  }
}

function leafSizes(tree, out) {
  for (const child of tree) {
    if (Array.isArray(child)) leafSizes(child, out);
  }
  if (tree.length > 0 && tree[0] === undefined) out.push(tree.length);
  return out;
}

const s = new Storage();
const tree = s.buildTreeDepth(7);
console.log("arrays created:", s.count);
const sizes = leafSizes(tree, []);
console.log("leaves:", sizes.length, "total leaf length:", sizes.reduce((a, b) => a + b, 0));
console.log("first leaves:", sizes.slice(0, 12));
const hist = new Array(11).fill(0);
for (const x of sizes) hist[x]++;
console.log("histogram:", hist);
const r = new Random();
const seq = [];
for (let i = 0; i < 10; i++) seq.push(r.next());
console.log("random sequence:", seq);

// A binary search tree with insert, delete, traversal and height.
class TreeNode {
  constructor(key) { this.key = key; this.left = null; this.right = null; }
}

class BST {
  constructor() { this.root = null; this.size = 0; }
  insert(key) {
    const node = new TreeNode(key);
    if (this.root === null) { this.root = node; this.size++; return true; }
    let cur = this.root;
    while (true) {
      if (key === cur.key) return false;
      const dir = key < cur.key ? "left" : "right";
      if (cur[dir] === null) { cur[dir] = node; this.size++; return true; }
      cur = cur[dir];
    }
  }
  contains(key) {
    let cur = this.root;
    while (cur !== null) {
      if (key === cur.key) return true;
      cur = key < cur.key ? cur.left : cur.right;
    }
    return false;
  }
  remove(key) {
    const before = this.size;
    this.root = this.removeFrom(this.root, key);
    return this.size < before;
  }
  removeFrom(node, key) {
    if (node === null) return null;
    if (key < node.key) { node.left = this.removeFrom(node.left, key); return node; }
    if (key > node.key) { node.right = this.removeFrom(node.right, key); return node; }
    this.size--;
    if (node.left === null) return node.right;
    if (node.right === null) return node.left;
    let succ = node.right;
    while (succ.left !== null) succ = succ.left;
    node.key = succ.key;
    this.size++;
    node.right = this.removeFrom(node.right, succ.key);
    return node;
  }
  inorder() { const out = []; this.walk(this.root, out); return out; }
  walk(n, out) { if (n === null) return; this.walk(n.left, out); out.push(n.key); this.walk(n.right, out); }
  height(n = this.root) { return n === null ? 0 : 1 + Math.max(this.height(n.left), this.height(n.right)); }
  levels() {
    const out = [];
    let level = this.root === null ? [] : [this.root];
    while (level.length > 0) {
      out.push(level.map(n => n.key).join(" "));
      const next = [];
      for (const n of level) { if (n.left) next.push(n.left); if (n.right) next.push(n.right); }
      level = next;
    }
    return out;
  }
}

const t = new BST();
for (const k of [50, 30, 70, 20, 40, 60, 80, 35, 45, 65, 30]) t.insert(k);
console.log(t.size, t.height(), t.inorder().join(" "));
console.log(t.levels());
console.log(t.contains(45), t.contains(55));
console.log(t.remove(30), t.remove(99), t.remove(50), t.size);
console.log(t.inorder().join(" "), t.levels());
const words = new BST();
for (const w of "the quick brown fox jumps over the lazy dog".split(" ")) words.insert(w);
console.log(words.inorder(), words.height());
const skewed = new BST();
for (let i = 0; i < 100; i++) skewed.insert(i);
console.log(skewed.height(), skewed.size);

// Circular references are marked with <ref> and [Circular].
const a = { name: "a" };
a.self = a;
console.log(a);
const parent = { name: "parent", children: [] };
const child = { name: "child", parent };
parent.children.push(child);
console.log(parent);
const arr = [1];
arr.push(arr);
console.log(arr);
class Node { constructor(v) { this.v = v; this.next = null; } }
const n1 = new Node(1), n2 = new Node(2);
n1.next = n2;
n2.next = n1;
console.log(n1);

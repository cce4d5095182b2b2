// Huffman coding: building the tree, the code table, encoding and decoding.
class HNode {
  constructor(ch, freq, left, right) { this.ch = ch; this.freq = freq; this.left = left; this.right = right; }
}

function buildTree(text) {
  const freq = {};
  const order = [];
  for (const ch of text) {
    if (!(ch in freq)) { freq[ch] = 0; order.push(ch); }
    freq[ch]++;
  }
  let nodes = order.map(ch => new HNode(ch, freq[ch], null, null));
  let seq = 0;
  for (const n of nodes) n.seq = seq++;
  while (nodes.length > 1) {
    nodes.sort((a, b) => a.freq - b.freq || a.seq - b.seq);
    const a = nodes.shift(), b = nodes.shift();
    const parent = new HNode(null, a.freq + b.freq, a, b);
    parent.seq = seq++;
    nodes.push(parent);
  }
  return nodes[0];
}

function codes(node, prefix, table) {
  if (node.ch !== null) { table[node.ch] = prefix === "" ? "0" : prefix; return table; }
  codes(node.left, prefix + "0", table);
  codes(node.right, prefix + "1", table);
  return table;
}

function encode(text, table) { let s = ""; for (const ch of text) s += table[ch]; return s; }
function decode(bits, tree) {
  if (tree.ch !== null) return tree.ch.repeat(bits.length);
  let out = "", node = tree;
  for (const b of bits) {
    node = b === "0" ? node.left : node.right;
    if (node.ch !== null) { out += node.ch; node = tree; }
  }
  return out;
}

for (const text of ["abracadabra", "mississippi river", "aaaaaaaa", "the quick brown fox jumps over the lazy dog"]) {
  const tree = buildTree(text);
  const table = codes(tree, "", {});
  const bits = encode(text, table);
  const keys = Object.keys(table).sort();
  console.log(JSON_q(text));
  console.log("  codes:", keys.map(k => (k === " " ? "_" : k) + "=" + table[k]).join(" "));
  console.log("  bits:", bits.length, "vs", text.length * 8, "ratio", (bits.length / (text.length * 8)).toFixed(3));
  console.log("  roundtrip:", decode(bits, tree) === text);
}
function JSON_q(s) { return '"' + s + '"'; }

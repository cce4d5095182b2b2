// A hand-written JSON-like serializer with indentation and escaping.
function quote(s) {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    const code = s.charCodeAt(i);
    if (c === '"') out += '\\"';
    else if (c === "\\") out += "\\\\";
    else if (c === "\n") out += "\\n";
    else if (c === "\t") out += "\\t";
    else if (code < 32) out += "\\u" + code.toString(16).padStart(4, "0");
    else out += c;
  }
  return out + '"';
}

function stringify(v, indent, level) {
  const pad = " ".repeat(indent * (level + 1));
  const endPad = " ".repeat(indent * level);
  if (v === null || v === undefined) return "null";
  if (typeof v === "number") return isFinite(v) ? String(v) : "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "string") return quote(v);
  if (Array.isArray(v)) {
    if (v.length === 0) return "[]";
    const parts = v.map(x => stringify(x, indent, level + 1));
    if (indent === 0) return "[" + parts.join(",") + "]";
    return "[\n" + parts.map(p => pad + p).join(",\n") + "\n" + endPad + "]";
  }
  const keys = Object.keys(v).filter(k => v[k] !== undefined && typeof v[k] !== "function");
  if (keys.length === 0) return "{}";
  const parts = keys.map(k => quote(k) + (indent === 0 ? ":" : ": ") + stringify(v[k], indent, level + 1));
  if (indent === 0) return "{" + parts.join(",") + "}";
  return "{\n" + parts.map(p => pad + p).join(",\n") + "\n" + endPad + "}";
}

const doc = {
  name: "EasyScript",
  version: 1.5,
  tags: ["lang", "truffle", "rust"],
  nested: { ok: true, nothing: null, skip: undefined, fn() {}, ratio: 1 / 3, big: 1e21 },
  text: 'He said "hi"\n\tand left \\ \u0001',
  matrix: [[1, 2], [3, 4], []],
  empty: {},
  special: [NaN, Infinity, -0],
  10: "numeric key",
};
console.log(stringify(doc, 0, 0));
console.log(stringify(doc, 2, 0));
console.log(stringify([], 2, 0), stringify({}, 2, 0), stringify("x", 2, 0), stringify(42, 2, 0));

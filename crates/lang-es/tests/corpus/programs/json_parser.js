// A hand-written parser for a JSON-like text format producing objects that console.log prints.
class ParseError extends Error {
  constructor(msg, pos) { super(msg + " at position " + pos); this.name = "ParseError"; }
}

class Reader {
  constructor(text) { this.text = text; this.pos = 0; }
  ws() { while (this.pos < this.text.length && " \n\t\r".includes(this.text[this.pos])) this.pos++; }
  peek() { this.ws(); return this.text[this.pos]; }
  eat(ch) {
    if (this.peek() !== ch) throw new ParseError("expected '" + ch + "'", this.pos);
    this.pos++;
  }
  value() {
    const c = this.peek();
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    if (c === "-" || (c >= "0" && c <= "9")) return this.number();
    for (const [word, v] of [["true", true], ["false", false], ["null", null]]) {
      if (this.text.startsWith(word, this.pos)) { this.pos += word.length; return v; }
    }
    throw new ParseError("unexpected " + (c === undefined ? "end of input" : "'" + c + "'"), this.pos);
  }
  object() {
    const o = {};
    this.eat("{");
    if (this.peek() === "}") { this.pos++; return o; }
    while (true) {
      const k = this.string();
      this.eat(":");
      o[k] = this.value();
      if (this.peek() === ",") { this.pos++; continue; }
      this.eat("}");
      return o;
    }
  }
  array() {
    const a = [];
    this.eat("[");
    if (this.peek() === "]") { this.pos++; return a; }
    while (true) {
      a.push(this.value());
      if (this.peek() === ",") { this.pos++; continue; }
      this.eat("]");
      return a;
    }
  }
  string() {
    this.eat('"');
    let s = "";
    while (true) {
      if (this.pos >= this.text.length) throw new ParseError("unterminated string", this.pos);
      const c = this.text[this.pos++];
      if (c === '"') return s;
      if (c === "\\") {
        const e = this.text[this.pos++];
        if (e === "n") s += "\n";
        else if (e === "t") s += "\t";
        else if (e === "u") { s += String.fromCharCode(parseInt(this.text.slice(this.pos, this.pos + 4), 16)); this.pos += 4; }
        else s += e;
      } else s += c;
    }
  }
  number() {
    const start = this.pos;
    if (this.text[this.pos] === "-") this.pos++;
    while (this.pos < this.text.length && "0123456789.eE+-".includes(this.text[this.pos])) this.pos++;
    const n = Number(this.text.slice(start, this.pos));
    if (isNaN(n)) throw new ParseError("bad number", start);
    return n;
  }
}

function parse(text) {
  const r = new Reader(text);
  const v = r.value();
  if (r.peek() !== undefined) throw new ParseError("trailing characters", r.pos);
  return v;
}

const doc = parse(`{
  "name": "corpus", "count": 3, "ratio": 0.125, "big": 1e21, "neg": -0,
  "tags": ["a", "b\\n", "\\u00e9"], "nested": {"deep": {"deeper": {"deepest": [1, 2]}}},
  "flags": [true, false, null], "empty": {}, "list": [], "2": "numeric key"
}`);
console.log(doc);
console.log(doc.tags, doc.nested.deep, doc.neg, 1 / doc.neg);
console.log(parse("[1, [2, [3, [4, [5]]]]]"), parse('"just a string"'), parse(" 42 "));
for (const bad of ["[1, 2", "{\"a\" 1}", "tru", "[1,]", "\"open", "{} x", "-"]) {
  try { parse(bad); } catch (e) { console.log(e.name + ": " + e.message); }
}

// A tiny tokenizer and recursive-descent parser evaluating arithmetic expressions.
function tokenize(src) {
  const tokens = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === " ") { i++; continue; }
    if ((c >= "0" && c <= "9") || c === ".") {
      let j = i;
      while (j < src.length && ((src[j] >= "0" && src[j] <= "9") || src[j] === ".")) j++;
      tokens.push({ type: "num", value: parseFloat(src.slice(i, j)) });
      i = j;
    } else if ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z")) {
      let j = i;
      while (j < src.length && ((src[j] >= "a" && src[j] <= "z") || (src[j] >= "A" && src[j] <= "Z"))) j++;
      tokens.push({ type: "id", value: src.slice(i, j) });
      i = j;
    } else if ("+-*/%^(),".includes(c)) {
      tokens.push({ type: "op", value: c });
      i++;
    } else {
      throw new SyntaxError("unexpected character '" + c + "' at " + i);
    }
  }
  tokens.push({ type: "eof", value: null });
  return tokens;
}

class Parser {
  constructor(src, vars) { this.tokens = tokenize(src); this.pos = 0; this.vars = vars; }
  peek() { return this.tokens[this.pos]; }
  next() { return this.tokens[this.pos++]; }
  expect(v) {
    const t = this.next();
    if (t.value !== v) throw new SyntaxError("expected " + v + " but got " + t.value);
  }
  parseExpr() {
    let left = this.parseTerm();
    while (this.peek().value === "+" || this.peek().value === "-") {
      const op = this.next().value;
      const right = this.parseTerm();
      left = op === "+" ? left + right : left - right;
    }
    return left;
  }
  parseTerm() {
    let left = this.parseFactor();
    while (["*", "/", "%"].includes(this.peek().value)) {
      const op = this.next().value;
      const right = this.parseFactor();
      left = op === "*" ? left * right : op === "/" ? left / right : left % right;
    }
    return left;
  }
  parseFactor() {
    const base = this.parseUnary();
    if (this.peek().value === "^") { this.next(); return base ** this.parseFactor(); }
    return base;
  }
  parseUnary() {
    if (this.peek().value === "-") { this.next(); return -this.parseUnary(); }
    return this.parsePrimary();
  }
  parsePrimary() {
    const t = this.next();
    if (t.type === "num") return t.value;
    if (t.type === "id") {
      if (this.peek().value === "(") {
        this.next();
        const args = [this.parseExpr()];
        while (this.peek().value === ",") { this.next(); args.push(this.parseExpr()); }
        this.expect(")");
        if (t.value === "max") return Math.max(...args);
        if (t.value === "min") return Math.min(...args);
        if (t.value === "sqrt") return Math.sqrt(args[0]);
        throw new ReferenceError("unknown function " + t.value);
      }
      if (!(t.value in this.vars)) throw new ReferenceError("unknown variable " + t.value);
      return this.vars[t.value];
    }
    if (t.value === "(") { const v = this.parseExpr(); this.expect(")"); return v; }
    throw new SyntaxError("unexpected token " + t.value);
  }
  parse() {
    const v = this.parseExpr();
    if (this.peek().type !== "eof") throw new SyntaxError("trailing input " + this.peek().value);
    return v;
  }
}

console.log(tokenize("3 + x1").map(t => t.type + ":" + t.value).join(" "));
const vars = { x: 3, y: 4, big: 2147483647 };
const exprs = ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-2 ^ 2", "10 / 4", "10 % 4", "sqrt(x*x + y*y)",
  "max(1, x, y, 2) - min(5, 6)", "big + 1", "0.1 + 0.2", "1 / 0", "-(-(-1))", "2 * (3", "foo + 1", "3 $ 4", "bar(1)", "1 2"];
for (const e of exprs) {
  try {
    console.log(e.padEnd(30), "=", new Parser(e, vars).parse());
  } catch (err) {
    console.log(e.padEnd(30), "!", err.name + ": " + err.message);
  }
}

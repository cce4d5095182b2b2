// Methods returning this allow chaining.
const builder = {
  parts: [],
  add(p) { this.parts.push(p); return this; },
  sep(s) { this.s = s; return this; },
  build() { return this.parts.join(this.s || ""); },
};
console.log(builder.add("a").add("b").sep("-").add("c").build());
console.log(builder.parts.length, builder.s);

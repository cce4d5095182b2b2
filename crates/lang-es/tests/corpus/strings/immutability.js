// Strings are immutable; index assignment is ignored in sloppy mode.
let s = "hello";
const t = s;
s += " world";
console.log(s, t);
const u = s.toUpperCase();
console.log(s, u);
const r = "abc";
r.slice(1);
console.log(r);

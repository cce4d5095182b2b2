// Logical assignment operators ||=, &&= and ??=.
let a = 0, b = 1, c = null, d = "x";
a ||= 10;
b ||= 20;
c ??= 30;
d &&= d + "y";
console.log(a, b, c, d);
const o = { n: 0, s: "", u: undefined };
o.n ||= 5;
o.s ??= "kept";
o.u ??= "filled";
console.log(o);
let calls = 0;
const f = () => { calls++; return "v"; };
let e = "present";
e ||= f();
e ??= f();
console.log(e, calls);

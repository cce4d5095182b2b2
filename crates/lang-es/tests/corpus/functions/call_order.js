// Arguments are evaluated left to right before the call.
const log = [];
function v(x) { log.push(x); return x; }
function f(a, b, c) { log.push("call"); return a + b + c; }
f(v(1), v(2), v(3));
console.log(log.join(","));
log.length = 0;
const o = { m(a) { log.push("m" + a); return this; } };
o.m(v("a")).m(v("b"));
console.log(log.join(","));
log.length = 0;
v("x") + v("y") * v("z");
console.log(log.join(","));

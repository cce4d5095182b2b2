// && || ?? short-circuit and do not evaluate their right side when unnecessary.
const log = [];
function t(v) { log.push(v); return v; }
t(0) && t(1);
t(1) && t(2);
t(0) || t(3);
t(4) || t(5);
t(null) ?? t(6);
t(7) ?? t(8);
t(false) ?? t(9);
console.log(log.join(","));
let o = null;
console.log(o && o.x, o || "none", o ?? "nullish");
let cnt = 0;
const r = (cnt++, false) || (cnt++, 0) || (cnt++, "last");
console.log(r, cnt);

// substring swaps its arguments and clamps negatives to 0.
const s = "JavaScript";
console.log(s.substring(4), s.substring(0, 4), s.substring(4, 0));
console.log(s.substring(-3), s.substring(2, -1), s.substring(3, 100));
console.log(s.substring(NaN, 2), s.substring(5, 5), s.substring(1.9, 3.9));
console.log(JSON_l(s.substring(10)), s.substring());
function JSON_l(x) { return "[" + x + "]" + x.length; }

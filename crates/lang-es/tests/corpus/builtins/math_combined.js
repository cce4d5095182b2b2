// Combining Math functions in formulas.
function dist(x1, y1, x2, y2) { return Math.sqrt((x2 - x1) ** 2 + (y2 - y1) ** 2); }
console.log(dist(0, 0, 3, 4), dist(1, 1, 4, 5), dist(-1, -1, 1, 1));
function roundTo(x, d) { const f = 10 ** d; return Math.round(x * f) / f; }
console.log(roundTo(Math.PI, 2), roundTo(Math.E, 4), roundTo(1.005, 2), roundTo(-2.5, 0));
function clamp(x, lo, hi) { return Math.min(hi, Math.max(lo, x)); }
console.log(clamp(5, 0, 3), clamp(-5, 0, 3), clamp(NaN, 0, 3));

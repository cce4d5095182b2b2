// Infinity arithmetic and comparisons.
const inf = Infinity;
console.log(inf, -inf, inf + 1, inf - inf, inf * -1, inf / inf);
console.log(1 / inf, -1 / inf, 1 / (-1 / inf));
console.log(inf > Number.MAX_SAFE_INTEGER, -inf < -1e308);
console.log(isFinite(inf), isFinite(-inf), isFinite(1e308), isFinite("5"));
console.log(2 ** 1024, -(2 ** 1024), 1.7976931348623157e308 * 1.0000001);
console.log(Math.floor(inf), Math.round(-inf), Math.abs(-inf));

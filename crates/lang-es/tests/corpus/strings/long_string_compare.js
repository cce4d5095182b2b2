// Comparing long strings that share long prefixes.
const base = "x".repeat(1000);
const a = base + "a";
const b = base + "b";
console.log(a < b, a > b, a === b, a.length);
console.log(base + "a" === a, (base + "a").length === a.length);
console.log(base < a, base.slice(0, 999) < base);

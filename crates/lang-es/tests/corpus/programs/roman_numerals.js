// Converting between integers and Roman numerals, with validation by round trip.
const TABLE = [[1000, "M"], [900, "CM"], [500, "D"], [400, "CD"], [100, "C"], [90, "XC"],
  [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]];
const VALUES = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };

function toRoman(n) {
  if (!Number.isInteger(n) || n <= 0 || n >= 4000) throw new RangeError("cannot convert " + n);
  let out = "";
  for (const [v, s] of TABLE) {
    while (n >= v) { out += s; n -= v; }
  }
  return out;
}

function fromRoman(s) {
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const v = VALUES[s[i]];
    if (v === undefined) throw new SyntaxError("bad numeral " + s[i]);
    const next = i + 1 < s.length ? VALUES[s[i + 1]] : 0;
    total += v < next ? -v : v;
  }
  return total;
}

for (const n of [1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999, 444, 1666]) {
  const r = toRoman(n);
  console.log(String(n).padStart(4), r.padEnd(12), fromRoman(r));
}
let ok = 0, longest = "";
for (let n = 1; n < 4000; n++) {
  const r = toRoman(n);
  if (fromRoman(r) === n) ok++;
  if (r.length > longest.length) longest = r;
}
console.log(ok, longest, fromRoman(longest));
for (const bad of [0, -5, 4000, 2.5]) {
  try { toRoman(bad); } catch (e) { console.log(e.name, e.message); }
}
try { fromRoman("MCMZ"); } catch (e) { console.log(e.name, e.message); }
console.log(fromRoman("IIII"), fromRoman("IC"), fromRoman(""));

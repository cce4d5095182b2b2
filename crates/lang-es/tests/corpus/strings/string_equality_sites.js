// String equality at sites compiled for strings: the same string, strings of one character
// (which the runtime keeps one of each Latin-1 unit of), longer strings built in different
// ways, characters past Latin-1, and null or numbers arriving at a site that has seen strings.

function eq(a, b) { return a === b; }
function ne(a, b) { return a !== b; }
function looseEq(a, b) { return a == b; }
function looseNe(a, b) { return a != b; }

const text = "The quick brown fox, \u00e9t\u00e9 \u0101\u0102 \ud83d\ude00 {\"k\": [1, 2]}\n\t";
let counts = [0, 0, 0, 0];
for (let round = 0; round < 40; round++) {
  for (let i = 0; i < text.length; i++) {
    const c = text.substring(i, i + 1);
    const d = text.charAt(i);
    const e = text[i];
    const pick = ["o", " ", "\u00e9", "\u0101", "{", "\n", "q", "x"][round % 8];
    if (eq(c, pick)) counts[0]++;
    if (ne(d, pick)) counts[1]++;
    if (looseEq(e, pick)) counts[2]++;
    if (looseNe(c, d)) counts[3]++;
  }
}
console.log("single characters", counts.join(" "));

// Longer strings: equal contents made apart are equal; different ones are not.
const parts = ["ab", "abc", "a" + "b", "xa".substring(1) + "b", ["a", "b"].join(""), "ab".slice(0), "ba", ""];
let table = "";
for (let r = 0; r < 300; r++) {
  for (const x of parts) {
    for (const y of parts) {
      if (r === 299) table += eq(x, y) ? "1" : "0";
      else eq(x, y);
    }
  }
}
console.log("longer", table);

// Empty strings and one-character strings from every way of making them.
const ones = ["a", "ab"[0], "ba".charAt(1), "xay".substring(1, 2), String.fromCharCode(97), "a".toLowerCase(), `${"a"}`, "A".toLowerCase(), "b"];
let hits = 0;
for (let r = 0; r < 500; r++) {
  for (const x of ones) {
    if (eq(x, "a")) hits++;
    if (looseEq("a", x)) hits++;
  }
}
console.log("one unit", hits, eq("", "a".substring(1)), eq("", ""), ne("", " "));

// A site that has seen strings meets null, undefined, numbers and objects.
const others = [null, undefined, 0, 1, "1", "", [1], { toString() { return "1"; } }, true];
const seen = [];
for (const o of others) seen.push([eq(o, "1"), ne("1", o), looseEq(o, "1"), looseNe("1", o)].map((b) => (b ? "t" : "f")).join(""));
console.log("mixed", seen.join(" "));

// A parser-shaped loop: one character at a time, compared with literals.
function classify(src) {
  let digits = 0, spaces = 0, quotes = 0, other = 0;
  for (let i = 0; i < src.length; i++) {
    const ch = src.substring(i, i + 1);
    if (ch === "0" || ch === "1" || ch === "2" || ch === "3" || ch === "4" || ch === "5" || ch === "6" || ch === "7" || ch === "8" || ch === "9") digits++;
    else if (ch === " " || ch === "\t" || ch === "\n") spaces++;
    else if ('"' === ch) quotes++;
    else other++;
  }
  return [digits, spaces, quotes, other].join(",");
}
let summary = "";
for (let r = 0; r < 200; r++) summary = classify('{"a": 12, "b": [3, 4.5e6], "c": "x y"}\n' + r);
console.log("classify", summary);

// Strings built by concatenation (ropes inside the engine) behave as flat strings do: length,
// indexing, comparison, property keys, searching, slicing, printing, and the maximum length.
function build(n, piece) {
  let s = "";
  for (let i = 0; i < n; i++) s = s + piece;
  return s;
}
function buildBack(n) {
  let s = "";
  for (let i = 0; i < n; i++) s = String.fromCharCode(97 + (i % 26)) + s;
  return s;
}

const a = build(300, "ab");
console.log(a.length, a.charAt(0), a[599], a.charCodeAt(1), a.indexOf("ba"), a.lastIndexOf("ab"));
console.log(a === "ab".repeat(300), a == "ab".repeat(300), a !== build(299, "ab") + "ab");
console.log(a < build(300, "ab") + "a", a > build(299, "ab"), build(2, "b") > a);

const back = buildBack(1000);
console.log(back.length, back.slice(0, 30), back.slice(-5), back.substring(500, 510));
console.log(back.includes("zyxwv"), back.startsWith("lkjih"), back.endsWith("cba"));

// Two-byte pieces joined with one-byte ones.
let wide = "";
for (let i = 0; i < 200; i++) wide += i % 50 === 7 ? "\u20ac" : i % 50 === 8 ? "\u{1F600}" : "-";
console.log(wide.length, wide.indexOf("\u20ac"), wide.charCodeAt(8).toString(16), wide.codePointAt(8).toString(16));
console.log(wide.slice(5, 12), [wide.slice(6, 11)]);
console.log(wide.split("\u20ac").length, wide.toUpperCase() === wide);

// As property keys and in switches.
const obj = {};
const key = build(10, "key-");
obj[key] = 1;
obj[build(5, "key-") + build(5, "key-")] += 41;
console.log(Object.keys(obj).length, obj[key], key in obj, obj["key-".repeat(10)]);
const idx = build(1, "1") + build(1, "2");
const arr = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];
console.log(arr[idx], arr[build(2, "0")]);
switch (build(7, "abc")) {
  case "abcabcabcabcabcabcabc":
    console.log("switch matched");
    break;
  default:
    console.log("switch missed");
}

// Mixed with numbers, templates and conversions.
let mixed = "";
for (let i = 0; i < 50; i++) mixed = mixed + i + ",";
console.log(mixed.length, mixed.slice(0, 25), Number(build(3, "12")), parseInt(build(4, "7")));
console.log(`${build(4, "xy")}|${back.slice(0, 4)}`, String(build(3, "hey ")), [build(2, "q"), a.length].join("/"));

// Deep ropes both ways, read at the end.
let left = "";
let right = "";
for (let i = 0; i < 3000; i++) {
  left = left + (i % 10);
  right = (i % 10) + right;
}
console.log(left.length, right.length, left.slice(0, 12), right.slice(0, 12), left === right.split("").reverse().join(""));

// A rope read in the middle of its growth, then grown further.
let grow = build(20, "g");
console.log(grow.charAt(3), grow.length);
grow = grow + build(20, "h");
console.log(grow.slice(15, 25), grow.length, grow === "g".repeat(20) + "h".repeat(20));

// Doubling until the maximum string length: node throws a RangeError.
let big = "0123456789abcdef";
let doublings = 0;
try {
  for (;;) {
    big = big + big;
    doublings++;
  }
} catch (e) {
  console.log(e instanceof RangeError, e.message, doublings, big.length);
}

// Templates join long values as ropes too.
let tpl = "";
for (let i = 0; i < 2000; i++) tpl = `${tpl}${i % 10}`;
let nest = "";
for (let i = 0; i < 100; i++) nest = `<${nest}|${"\u20ac".repeat(i % 3)}>`;
console.log(tpl.length, tpl.slice(95, 105), nest.length, nest.slice(0, 6), nest.slice(60, 90), `a${nest}b`.length);

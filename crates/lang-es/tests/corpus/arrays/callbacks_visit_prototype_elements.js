// The callback methods visit an index an array does not have when a prototype has it (they
// test HasProperty, then Get), the builtins as the forEach loop a call site runs: holes, and
// indices past an end the callback cut off.
const a = [1, , 3, , 5];
function all(arr) {
  const seen = [];
  arr.forEach((x, i) => seen.push(i + "=" + x), null);
  return [
    seen.join(","),
    arr.map((x) => x + "!").join("/"),
    arr.filter((x) => typeof x === "string").length,
    arr.some((x) => x === "p"),
    arr.every((x) => x !== undefined),
    arr.find((x) => x === "p"),
    arr.findIndex((x) => x === undefined),
    arr.reduce((s, x) => s + x, ""),
    arr.reduceRight((s, x) => s + x, ""),
  ].join(" ");
}
console.log("before", all(a));
Array.prototype[3] = "p";
console.log("after", all(a));
const cut = [1, 2, 3, 4, 5];
const visited = [];
cut.forEach((x, i) => {
  if (i === 1) cut.length = 2;
  visited.push(i + "=" + x);
}, null);
console.log("cut", visited.join(","), cut.length);
Object.prototype[1] = "o";
console.log("object", all([, , 7]));

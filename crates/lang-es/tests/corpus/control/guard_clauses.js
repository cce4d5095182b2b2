// Early returns as guard clauses.
function process(x) {
  if (x === null) return "null input";
  if (typeof x !== "number") return "not a number: " + typeof x;
  if (x !== x) return "NaN input";
  if (x < 0) return "negative";
  return "ok " + Math.sqrt(x);
}
for (const v of [null, "5", NaN, -1, 16, undefined]) console.log(process(v));

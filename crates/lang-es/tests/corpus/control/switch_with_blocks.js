// switch cases with their own block-scoped variables.
function describe(v) {
  switch (typeof v) {
    case "number": {
      const half = v / 2;
      return "number, half is " + half;
    }
    case "string": {
      const half = v.slice(0, v.length / 2);
      return "string, half is " + half;
    }
    case "object":
      return v === null ? "null" : "object";
    default:
      return typeof v;
  }
}
console.log(describe(9), "|", describe("abcdef"), "|", describe(null), "|", describe([]), "|", describe(undefined));

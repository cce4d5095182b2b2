// Functions returning from catch and from after the try statement.
function parse(s) {
  try {
    if (s === "") throw new Error("empty");
    const n = Number(s);
    if (isNaN(n)) throw new TypeError("not a number: " + s);
    return n;
  } catch (e) {
    return e.name;
  }
}
console.log(["12", "", "abc", "4.5"].map(parse));

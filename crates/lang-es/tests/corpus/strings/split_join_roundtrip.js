// split and join are inverse for a single-character separator.
const cases = ["a,b,c", ",", "", "abc", ",,x,,"];
for (const c of cases) {
  const parts = c.split(",");
  console.log(JSON_ish(c), parts.length, parts.join(",") === c, parts.join("|"));
}
function JSON_ish(s) { return '"' + s + '"'; }

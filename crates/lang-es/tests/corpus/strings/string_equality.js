// String equality compares contents, not identity.
const a = "hel" + "lo";
const b = "hello";
let c = "";
for (const ch of ["h", "e", "l", "l", "o"]) c += ch;
console.log(a === b, b === c, a == c);
console.log("1" === String(1), "true" == true, "1" == true);
console.log("abc" !== "abd", "" === "", " " === "");

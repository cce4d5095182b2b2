// Array indices accessed with numeric strings.
const a = ["zero", "one", "two"];
console.log(a["1"], a["01"], a[1.0], a["1.0"]);
a["2"] = "TWO";
console.log(a);
const i = "0";
console.log(a[i], a[+i + 1]);

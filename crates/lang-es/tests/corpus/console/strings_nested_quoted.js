// Strings are unquoted at top level and quoted inside arrays and objects.
console.log("top");
console.log(["in array"]);
console.log({ key: "in object" });
console.log("a", ["b"], { c: "d" });
console.log([""], { e: "" });
console.log(["it's"], ['"quoted"'], ["it's \"both\""], ["`tick` it's \"all\""]);
console.log(["line\nbreak", "tab\t", "back\\slash", "cr\r"]);

// toUpperCase and toLowerCase, including non-letters and non-ASCII.
console.log("Hello World 123".toUpperCase(), "Hello World 123".toLowerCase());
console.log("ÄÖÜ äöü é".toUpperCase(), "ÄÖÜ é".toLowerCase());
console.log("straße".toUpperCase(), "straße".toUpperCase().length);
console.log("".toUpperCase() === "", "MiXeD".toLowerCase());
function capitalize(w) { return w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(); }
console.log("the QUICK bRoWn fox".split(" ").map(capitalize).join(" "));

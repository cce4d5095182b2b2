// Throwing a string that nobody catches.
console.log("about to throw a string");
throw "fatal: " + "string value";

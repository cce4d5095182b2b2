// An uncaught error whose message has several lines; only the first is the error line.
const problems = ["missing semicolon", "unknown identifier"];
console.log("found", problems.length, "problems");
throw new SyntaxError("found " + problems.length + " problems:\n" + problems.join("\n"));

// Throwing a plain object that nobody catches.
const problem = { code: 404, reason: "not found", path: ["a", "b"] };
console.log("throwing object");
throw problem;

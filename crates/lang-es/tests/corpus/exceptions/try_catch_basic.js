// Throwing and catching Error objects and primitive values.
try {
  throw new Error("boom");
} catch (e) {
  console.log("caught", e.message, e.name, e instanceof Error);
}
try {
  throw 42;
} catch (e) {
  console.log("caught number", e, typeof e);
}
try {
  throw "a string";
} catch (e) {
  console.log("caught string", e);
}
try {
  throw { code: 7 };
} catch (e) {
  console.log("caught object", e.code, e);
}
try {
  throw null;
} catch (e) {
  console.log("caught null", e);
}

// The catch parameter is scoped to the catch block.
let e = "outer e";
try {
  throw new Error("inner");
} catch (e) {
  console.log(e.message);
  e = "reassigned catch param";
  console.log(e);
}
console.log(e);
try {
  throw 1;
} catch {
  console.log("catch without binding");
}

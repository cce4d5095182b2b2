// Built-in error constructors set name and message.
const errs = [new Error("e"), new TypeError("t"), new RangeError("r"), new ReferenceError("ref"), new SyntaxError("s"), new Error()];
for (const e of errs) {
  console.log(e.name, "|" + e.message + "|", String(e), e instanceof Error);
}
const noNew = Error("called without new");
console.log(noNew.message, noNew instanceof Error);
const te = TypeError("tt");
console.log(te.name, te instanceof TypeError);

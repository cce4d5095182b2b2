// Converting errors to strings with String(), concatenation and templates.
const errs = [new Error("plain"), new TypeError("typed"), new RangeError("")];
for (const e of errs) console.log(String(e), "" + e, `${e}`, e + "!");
class AppError extends Error {
  constructor(m) { super(m); this.name = "AppError"; }
}
console.log(String(new AppError("app failure")));
class Unnamed extends Error {}
const u = new Unnamed("unnamed failure");
console.log(String(u), u.name, u instanceof Unnamed);

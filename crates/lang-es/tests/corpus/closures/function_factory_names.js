// Functions created by factories and their printed names.
function make(kind) {
  if (kind === "arrow") return () => kind;
  if (kind === "named") return function inner() { return kind; };
  return function () { return kind; };
}
const a = make("arrow"), n = make("named"), u = make("anon");
console.log(a(), n(), u());
console.log(a.name === "", n.name, u.name === "");
console.log([a, n, u]);

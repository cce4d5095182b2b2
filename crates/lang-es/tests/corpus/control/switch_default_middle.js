// A default clause in the middle is used only if no case matches, and falls through.
function f(x) {
  const out = [];
  switch (x) {
    case "a": out.push("a");
    default: out.push("default");
    case "b": out.push("b"); break;
    case "c": out.push("c");
  }
  return out.join(",");
}
console.log(f("a"), "/", f("b"), "/", f("c"), "/", f("z"));

// A closure created deep in a recursion captures each level's variables.
function build(n) {
  if (n === 0) return () => "base";
  const inner = build(n - 1);
  const label = "L" + n;
  return () => label + "(" + inner() + ")";
}
console.log(build(5)());

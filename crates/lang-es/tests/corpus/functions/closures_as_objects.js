// Objects built from closures behaving like instances.
function makeStack() {
  const items = [];
  return {
    push: x => { items.push(x); return items.length; },
    pop: () => items.pop(),
    peek: () => items[items.length - 1],
    size: () => items.length,
  };
}
const s1 = makeStack(), s2 = makeStack();
s1.push(1); s1.push(2); s2.push("x");
console.log(s1.size(), s2.size(), s1.pop(), s1.peek(), s2.peek());

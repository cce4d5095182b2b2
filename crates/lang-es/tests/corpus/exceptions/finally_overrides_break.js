// A break inside finally discards a pending exception.
function f() {
  for (let i = 0; i < 3; i++) {
    try {
      throw new Error("discarded " + i);
    } finally {
      break;
    }
  }
  return "loop exited normally";
}
console.log(f());
function g() {
  let s = "";
  for (const x of [1, 2, 3]) {
    try {
      if (x === 2) return "return from try";
      s += x;
    } finally {
      if (x === 2) continue;
    }
  }
  return "after loop " + s;
}
console.log(g());

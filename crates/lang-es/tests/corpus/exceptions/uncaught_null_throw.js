// Throwing null without catching it.
function f() { throw null; }
console.log("calling f");
f();

// A return in finally overrides the try's return or exception.
function a() { try { return "try"; } finally { console.log("finally of a"); } }
function b() { try { return "try"; } finally { return "finally"; } }
function c() { try { throw new Error("lost"); } finally { return "finally wins over throw"; } }
function d() { try { return "try"; } catch (e) { return "catch"; } finally { } }
function e() {
  let x = 1;
  try { return x; } finally { x = 2; }
}
function f() {
  try { throw new Error("e"); } catch (err) { return "catch"; } finally { console.log("finally of f"); }
}
console.log(a(), b(), c(), d(), e(), f());

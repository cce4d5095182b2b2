// Inner functions resolve names through the scope chain at call time.
let x = "global";
function f() { return x; }
function g() {
  let x = "local in g";
  return f();
}
function h() {
  let x = "local in h";
  return () => x;
}
console.log(g(), h()());
x = "changed global";
console.log(g());

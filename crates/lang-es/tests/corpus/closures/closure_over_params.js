// Parameters are captured like local variables and can be reassigned.
function f(a, b) {
  const show = () => a + ":" + b;
  a = a * 10;
  return show;
}
console.log(f(1, 2)());
function g(x = 1) {
  const get = () => x;
  x++;
  return get();
}
console.log(g(), g(10));

// A closure sees later changes to the variable it captured.
let x = 1;
const get = () => x;
const set = v => { x = v; };
console.log(get());
x = 2;
console.log(get());
set(3);
console.log(x, get());
function outer() {
  let v = "before";
  const f = () => v;
  v = "after";
  return f;
}
console.log(outer()());

// Inner declarations shadow outer ones without changing them.
let x = "outer";
{
  let x = "block";
  console.log(x);
  {
    const x = "inner block";
    console.log(x);
  }
  console.log(x);
}
console.log(x);
function f(x) {
  console.log("param", x);
  {
    let x = "shadowed param";
    console.log(x);
  }
  return x;
}
console.log(f("arg"));

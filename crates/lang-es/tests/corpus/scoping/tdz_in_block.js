// An inner let shadows an outer one for the whole block, including before its declaration.
let v = "outer";
{
  try {
    console.log(v);
  } catch (e) {
    console.log("TDZ:", e.message);
  }
  let v = "inner";
  console.log(v);
}
console.log(v);

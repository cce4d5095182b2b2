// Reading a let or const before its declaration throws a ReferenceError.
function readLet() {
  try {
    console.log(x);
  } catch (e) {
    console.log(e.name + ": " + e.message);
  }
  let x = 1;
  return x;
}
console.log(readLet());
function readConst() {
  try {
    return y + 1;
  } catch (e) {
    return e.message;
  } finally {
    // y still in TDZ here
  }
  const y = 2;
}
console.log(readConst());
try {
  const z = z + 1;
} catch (e) {
  console.log(e.message);
}

// typeof of an undeclared name is fine, but typeof in the TDZ throws.
console.log(typeof neverDeclared);
try {
  console.log(typeof inTdz);
} catch (e) {
  console.log(e.name + ": " + e.message);
}
let inTdz = 1;
console.log(typeof inTdz);

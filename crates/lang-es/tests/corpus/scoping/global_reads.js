// Reads of globals cache where the global object holds them; the object gains properties as
// the program runs (sloppy assignments to undeclared names), its values change, and a name that
// does not exist yet throws until it does.

function hyp(a, b) {
  return Math.sqrt(a * a + b * b);
}

function counter() {
  return typeof laterGlobal === "undefined" ? -1 : laterGlobal;
}

function readMissing() {
  return notYetDefined;
}

let total = 0;
for (let i = 0; i < 5000; i++) {
  total += hyp(3, 4) + counter();
  if (i === 1000) laterGlobal = 10;
  if (i === 2000) laterGlobal = 20;
  if (i === 3000) anotherGlobal = 1;
  if (i === 4000) extraGlobal = [1, 2];
}
console.log(total);

for (let i = 0; i < 3; i++) {
  try {
    console.log(readMissing());
  } catch (e) {
    console.log(e.name, e.message);
  }
  if (i === 1) notYetDefined = "defined now";
}

const savedMath = Math;
let sum = 0;
for (let i = 0; i < 3000; i++) {
  if (i === 1500) Math = { sqrt: (x) => -x };
  sum += hyp(6, 8);
}
Math = savedMath;
console.log(sum, hyp(5, 12));
console.log(typeof Array, new Array(3).length, anotherGlobal, extraGlobal.length);

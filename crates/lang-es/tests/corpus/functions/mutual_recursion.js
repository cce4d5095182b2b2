// Mutually recursive functions.
function isEven(n) { return n === 0 ? true : isOdd(n - 1); }
function isOdd(n) { return n === 0 ? false : isEven(n - 1); }
console.log(isEven(100), isOdd(100), isEven(7), isOdd(7));
function hofF(n) { return n === 0 ? 1 : n - hofM(hofF(n - 1)); }
function hofM(n) { return n === 0 ? 0 : n - hofF(hofM(n - 1)); }
const f = [], m = [];
for (let i = 0; i < 15; i++) { f.push(hofF(i)); m.push(hofM(i)); }
console.log(f.join(" "));
console.log(m.join(" "));

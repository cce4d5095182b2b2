// Loops that begin with small integers and move into doubles.
let x = 1;
const seen = [];
for (let i = 0; i < 12; i++) {
  x = x * 7 + 0.5;
  seen.push(x);
}
console.log(seen.join(" "));
let y = 1;
for (let i = 0; i < 70; i++) y *= 2;
console.log(y, y - 1, y / 3);
let z = 0;
for (let i = 0; i < 100; i++) z += i % 2 === 0 ? 1 : 0.5;
console.log(z);

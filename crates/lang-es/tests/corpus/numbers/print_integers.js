// Printing integers of many magnitudes.
let v = 1;
for (let i = 0; i < 25; i++) {
  console.log(v, -v);
  v *= 10;
}
console.log(123456789012345678901234567890);
console.log(100, 1000000, 2 ** 31 - 1, 2 ** 32);

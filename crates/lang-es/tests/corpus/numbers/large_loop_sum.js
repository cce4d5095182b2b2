// Summing integers in a loop past 2^31 and checking the closed form.
let sum = 0;
const n = 100000;
for (let i = 1; i <= n; i++) sum += i;
console.log(sum, n * (n + 1) / 2);
let sq = 0;
for (let i = 1; i <= 3000; i++) sq += i * i;
console.log(sq);
let alt = 0;
for (let i = 0; i < 100000; i++) alt += (i & 1) ? -i : i;
console.log(alt);

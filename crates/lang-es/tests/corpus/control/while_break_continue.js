// while loops with break and continue.
let i = 0;
const odds = [];
while (true) {
  i++;
  if (i > 15) break;
  if (i % 2 === 0) continue;
  odds.push(i);
}
console.log(odds, i);
let n = 0;
while (n < 5) n += 2;
console.log(n);

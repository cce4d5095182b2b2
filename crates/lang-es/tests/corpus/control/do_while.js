// do-while runs its body at least once.
let i = 10;
do {
  console.log("body runs with i =", i);
  i++;
} while (i < 10);
let j = 0, s = "";
do { s += j; j++; } while (j < 5);
console.log(s);
let k = 0;
do {
  k++;
  if (k === 2) continue;
  if (k === 4) break;
  console.log("k", k);
} while (k < 10);

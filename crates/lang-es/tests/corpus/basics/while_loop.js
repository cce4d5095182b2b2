// A while loop computing a sum and the number of digits.
let sum = 0;
let i = 1;
while (i <= 100) {
  sum += i;
  i++;
}
console.log(sum);
let n = 9876543;
let digits = 0;
while (n > 0) {
  n = Math.floor(n / 10);
  digits++;
}
console.log(digits);

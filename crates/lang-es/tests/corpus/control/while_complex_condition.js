// While conditions with assignments and logical operators.
const data = [3, 1, 4, 1, 5, 9, 2, 6];
let i = 0, sum = 0, x;
while (i < data.length && (x = data[i]) !== 9) {
  sum += x;
  i++;
}
console.log(sum, i, x);
let a = 10, b = 0;
while (a > 0 && b < 100) { a -= 3; b += a * a; }
console.log(a, b);

// Extracting digits with % and Math.floor, including large numbers.
function digitSum(n) {
  let s = 0;
  while (n > 0) {
    s += n % 10;
    n = Math.floor(n / 10);
  }
  return s;
}
console.log(digitSum(0), digitSum(9), digitSum(12345), digitSum(2147483647), digitSum(9007199254740991));
function reverseNum(n) {
  let r = 0;
  while (n > 0) { r = r * 10 + n % 10; n = Math.floor(n / 10); }
  return r;
}
console.log(reverseNum(123456789), reverseNum(1000), reverseNum(4294967295));

// Euclid's algorithm for GCD and LCM of several pairs.
function gcd(a, b) {
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}
function lcm(a, b) { return a / gcd(a, b) * b; }
const pairs = [[12, 18], [17, 5], [100, 75], [0, 9], [1071, 462]];
for (const [a, b] of pairs) console.log(a, b, gcd(a, b), lcm(a, b));

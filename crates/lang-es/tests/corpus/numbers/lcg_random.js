// A linear congruential generator using doubles and modulo beyond 2^32.
let seed = 42;
function rand() {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed;
}
const out = [];
for (let i = 0; i < 8; i++) out.push(rand());
console.log(out);
let s2 = 7;
for (let i = 0; i < 5; i++) {
  s2 = (s2 * 48271) % 2147483647;
  console.log(s2, s2 / 2147483647);
}

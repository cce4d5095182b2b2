// Counting set bits and manipulating bit fields with int32 semantics.
function popcount(x) {
  let c = 0;
  x = x >>> 0;
  while (x !== 0) {
    c += x & 1;
    x >>>= 1;
  }
  return c;
}
console.log(popcount(0), popcount(1), popcount(255), popcount(-1), popcount(-2147483648), popcount(0x55555555));
function setBit(x, i) { return x | (1 << i); }
function clearBit(x, i) { return x & ~(1 << i); }
let f = 0;
for (let i = 0; i < 32; i += 5) f = setBit(f, i);
console.log(f, f >>> 0, clearBit(f, 30), clearBit(f, 0));
console.log((f >>> 0).toString(2));

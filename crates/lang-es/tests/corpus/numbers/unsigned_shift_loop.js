// Using >>> to do unsigned 32-bit arithmetic like a hash function.
function hash(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = (h * 16777619) >>> 0;
  }
  return h;
}
for (const w of ["", "a", "b", "hello", "EasyScript", "Truffle"]) {
  console.log(w, hash(w));
}
function imul32(a, b) {
  const lo = (a & 0xffff) * b;
  const hi = ((a >>> 16) * b) & 0xffff;
  return (lo + (hi << 16)) | 0;
}
console.log(imul32(123456789, 987654321), imul32(-1, -1), imul32(65537, 65537));

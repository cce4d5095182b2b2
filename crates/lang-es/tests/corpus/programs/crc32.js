// CRC-32 with a precomputed table, exercising >>> and unsigned 32-bit arithmetic.
function makeTable() {
  const table = new Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}
const TABLE = makeTable();
function crc32(s) {
  let crc = 0xffffffff;
  for (let i = 0; i < s.length; i++) crc = TABLE[(crc ^ s.charCodeAt(i)) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function hex(n) { return n.toString(16).padStart(8, "0"); }
console.log(TABLE.slice(0, 4).map(hex), hex(TABLE[255]));
for (const s of ["", "a", "abc", "The quick brown fox jumps over the lazy dog", "123456789", "EasyScript"]) {
  console.log(hex(crc32(s)), crc32(s), JSON_q(s));
}
function JSON_q(s) { return '"' + s + '"'; }
function adler32(s) {
  let a = 1, b = 0;
  for (let i = 0; i < s.length; i++) { a = (a + s.charCodeAt(i)) % 65521; b = (b + a) % 65521; }
  return ((b << 16) | a) >>> 0;
}
console.log(hex(adler32("Wikipedia")), adler32("a".repeat(1000)));
let big = "";
for (let i = 0; i < 2000; i++) big += String.fromCharCode(32 + (i * 7) % 95);
console.log(hex(crc32(big)), hex(adler32(big)));

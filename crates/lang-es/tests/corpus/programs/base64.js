// Base64 encoding and decoding of ASCII strings written by hand with bit operations.
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function encode(s) {
  let out = "";
  for (let i = 0; i < s.length; i += 3) {
    const a = s.charCodeAt(i);
    const b = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
    const c = i + 2 < s.length ? s.charCodeAt(i + 2) : 0;
    const triple = (a << 16) | (b << 8) | c;
    out += ALPHABET[(triple >> 18) & 63] + ALPHABET[(triple >> 12) & 63];
    out += i + 1 < s.length ? ALPHABET[(triple >> 6) & 63] : "=";
    out += i + 2 < s.length ? ALPHABET[triple & 63] : "=";
  }
  return out;
}

function decode(s) {
  let out = "";
  for (let i = 0; i < s.length; i += 4) {
    const v = [0, 1, 2, 3].map(k => (s[i + k] === "=" ? 0 : ALPHABET.indexOf(s[i + k])));
    if (v.includes(-1)) throw new SyntaxError("invalid base64 at " + i);
    const triple = (v[0] << 18) | (v[1] << 12) | (v[2] << 6) | v[3];
    out += String.fromCharCode((triple >> 16) & 255);
    if (s[i + 2] !== "=") out += String.fromCharCode((triple >> 8) & 255);
    if (s[i + 3] !== "=") out += String.fromCharCode(triple & 255);
  }
  return out;
}

for (const s of ["", "f", "fo", "foo", "foob", "fooba", "foobar", "Man is distinguished", "EasyScript!\n\t~"]) {
  const e = encode(s);
  console.log(e.padEnd(30), decode(e) === s);
}
try { decode("ab$d"); } catch (e) { console.log(e.name, e.message); }
let all = "";
for (let i = 0; i < 256; i++) all += String.fromCharCode(i);
const enc = encode(all);
console.log(enc.length, enc.slice(0, 40), enc.slice(-12), decode(enc) === all);

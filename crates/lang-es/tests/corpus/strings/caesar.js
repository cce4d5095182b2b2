// A Caesar cipher using charCodeAt and fromCharCode.
function shift(s, k) {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) out += String.fromCharCode((c - 65 + k + 26) % 26 + 65);
    else if (c >= 97 && c <= 122) out += String.fromCharCode((c - 97 + k + 26) % 26 + 97);
    else out += s[i];
  }
  return out;
}
const msg = "Attack at Dawn, Zebra!";
const enc = shift(msg, 3);
console.log(enc);
console.log(shift(enc, -3));
console.log(shift("abcxyz", 13), shift(shift("Hello", 13), 13));

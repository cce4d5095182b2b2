// Run-length encoding and decoding of strings.
function encode(s) {
  let out = "";
  let i = 0;
  while (i < s.length) {
    let j = i;
    while (j < s.length && s[j] === s[i]) j++;
    out += (j - i) + s[i];
    i = j;
  }
  return out;
}
function decode(s) {
  let out = "";
  let num = 0;
  for (const ch of s) {
    if (ch >= "0" && ch <= "9") num = num * 10 + (ch.charCodeAt(0) - 48);
    else { out += ch.repeat(num); num = 0; }
  }
  return out;
}
const inputs = ["aaabccddddd", "abc", "", "zzzzzzzzzzzz"];
for (const s of inputs) {
  const e = encode(s);
  console.log(JSON_s(s), JSON_s(e), decode(e) === s);
}
function JSON_s(s) { return "'" + s + "'"; }

// Lengths of strings mixing ASCII, BMP and astral characters.
const samples = ["abc", "ñ", "€", "𝄞", "a𝄞b", "🇫🇷", "👨‍👩‍👧"];
for (const s of samples) {
  let cps = 0;
  for (const _ of s) cps++;
  console.log(s, s.length, cps);
}

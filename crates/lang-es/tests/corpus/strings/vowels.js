// Counting vowels and consonants with includes.
function analyse(s) {
  let v = 0, c = 0, other = 0;
  for (const ch of s.toLowerCase()) {
    if ("aeiou".includes(ch)) v++;
    else if (ch >= "a" && ch <= "z") c++;
    else other++;
  }
  return `${s}: vowels=${v} consonants=${c} other=${other}`;
}
console.log(analyse("Hello, World!"));
console.log(analyse("EasyScript 2024"));
console.log(analyse(""));

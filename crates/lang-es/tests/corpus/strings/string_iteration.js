// Iterating strings with for, for-of and split.
const s = "abc";
for (let i = 0; i < s.length; i++) process.stdout.write(s[i] + ".");
process.stdout.write("\n");
for (const ch of s) process.stdout.write(ch.toUpperCase());
process.stdout.write("\n");
s.split("").forEach((ch, i) => console.log(i, ch));

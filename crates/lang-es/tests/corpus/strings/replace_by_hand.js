// Replacing all occurrences of a substring with split and join.
function replaceAll(s, from, to) { return s.split(from).join(to); }
console.log(replaceAll("a.b.c.d", ".", "/"));
console.log(replaceAll("aaaa", "aa", "b"));
console.log(replaceAll("hello world", "o", "0"));
console.log(replaceAll("no match", "xyz", "!"));

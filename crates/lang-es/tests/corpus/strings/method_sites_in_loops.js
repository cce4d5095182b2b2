// String methods called from hot sites: a site that has called one on a string with number
// and string arguments runs it without a call, and must still give the method's exact result
// when the arguments turn into doubles, strings, objects with valueOf, or the receiver into
// something else.
const text = 'The quick brown fox jumps over the lazy dog, ünïcödé € and more';
let sum = 0;
let parts = '';
for (let i = 0; i < 20000; i++) {
  const j = i % (text.length + 3);
  sum += text.charCodeAt(j) || 0;
  parts = text.substring(j, j + 2) + text.charAt(j) + text.slice(-j, j % 5 - 4);
  if (text.indexOf(parts) >= 0) sum += 1;
  if (text.startsWith('The', j % 2) && text.includes(text.at(j % 7))) sum += 2;
  sum += text.lastIndexOf('o', j) + text.substr(j % 9, 3).length;
}
console.log(sum, parts);

// The same site, fed other argument kinds after it was compiled.
function pick(s, a, b) {
  return s.substring(a, b) + '|' + s.charAt(a) + '|' + s.charCodeAt(b);
}
let out = '';
for (let i = 0; i < 20000; i++) out = pick(text, i % 10, i % 10 + 3);
console.log(out);
console.log(pick(text, 2.7, '6'), pick(text, -5, 1e9), pick(text, NaN, undefined));
const calls = [];
const index = { valueOf() { calls.push('valueOf'); return 4; } };
console.log(pick(text, index, 8), calls);
console.log(pick('short', 1, 3), pick(text.toUpperCase(), 0, 3).trim().toLowerCase());

// The receiver stops being a string: arrays have indexOf and at too.
function find(x, v) {
  return x.indexOf(v) + ':' + x.at(-1);
}
let found = '';
for (let i = 0; i < 20000; i++) found = find('abcabc', 'c');
console.log(found, find(['a', 'b', 'c'], 'b'), find('xyz', 'z'));
try {
  find(null, 'a');
} catch (e) {
  console.log(e instanceof TypeError);
}

// Converting numbers to a radix and back with parseInt.
const nums = [0, 1, 7, 100, 255, 1000, 65535, 2147483647, 4294967295, 123456789012];
for (const n of nums) {
  const line = [];
  for (const r of [2, 8, 16, 36]) {
    const s = n.toString(r);
    line.push(s + (parseInt(s, r) === n ? "" : "!"));
  }
  console.log(line.join(" "));
}

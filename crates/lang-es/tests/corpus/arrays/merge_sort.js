// Merge sort on an array of numbers and strings.
function msort(a) {
  if (a.length < 2) return a;
  const mid = Math.floor(a.length / 2);
  const l = msort(a.slice(0, mid)), r = msort(a.slice(mid));
  const out = [];
  let i = 0, j = 0;
  while (i < l.length && j < r.length) out.push(l[i] <= r[j] ? l[i++] : r[j++]);
  while (i < l.length) out.push(l[i++]);
  while (j < r.length) out.push(r[j++]);
  return out;
}
console.log(msort([38, 27, 43, 3, 9, 82, 10]));
console.log(msort(["d", "a", "c", "b"]));

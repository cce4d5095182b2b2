// Binary search over a sorted array.
function bsearch(a, x) {
  let lo = 0, hi = a.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] === x) return mid;
    if (a[mid] < x) lo = mid + 1; else hi = mid - 1;
  }
  return -(lo + 1);
}
const a = [];
for (let i = 0; i < 100; i++) a.push(i * 3);
console.log(bsearch(a, 0), bsearch(a, 297), bsearch(a, 150), bsearch(a, 151), bsearch(a, -5), bsearch(a, 1000));

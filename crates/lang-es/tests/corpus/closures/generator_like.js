// Emulating an iterator with closures.
function range(start, end) {
  let cur = start;
  return {
    hasNext: () => cur < end,
    next: () => cur++,
  };
}
const it = range(3, 7);
const out = [];
while (it.hasNext()) out.push(it.next());
console.log(out);
function fibGen() {
  let a = 0, b = 1;
  return () => { const r = a; [a, b] = [b, a + b]; return r; };
}
const g = fibGen();
const fibs = [];
for (let i = 0; i < 15; i++) fibs.push(g());
console.log(fibs.join(" "));

// Labels on blocks of nested for-of loops with continue.
const words = ["apple", "bob", "kayak", "xyz", "level"];
const pal = [];
each: for (const w of words) {
  for (let i = 0; i < w.length / 2; i++) {
    if (w[i] !== w[w.length - 1 - i]) continue each;
  }
  pal.push(w);
}
console.log(pal);

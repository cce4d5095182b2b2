// A table of logarithms in bases 2, e and 10 rounded to 6 decimals.
for (const x of [1, 2, 3, 4, 10, 100, 1000, 1024, 0.1, 7.5]) {
  console.log(String(x).padStart(5), Math.log2(x).toFixed(6), Math.log(x).toFixed(6), Math.log10(x).toFixed(6));
}

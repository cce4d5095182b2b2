// Mean, variance and standard deviation of small data sets.
function stats(xs) {
  let sum = 0;
  for (const x of xs) sum += x;
  const mean = sum / xs.length;
  let v = 0;
  for (const x of xs) v += (x - mean) * (x - mean);
  v /= xs.length;
  return [mean, v, Math.sqrt(v)];
}
console.log(stats([1, 2, 3, 4]));
console.log(stats([2, 4, 4, 4, 5, 5, 7, 9]));
console.log(stats([0.1, 0.2, 0.3]));
console.log(stats([1e9, 1e9 + 1, 1e9 + 2]));

// Math.floor, ceil, round and trunc on positive, negative and halfway values.
const vals = [2.5, 3.5, -2.5, -3.5, 0.49999999999999994, -0.5, 1.4, -1.6, 7, -7];
for (const v of vals) {
  console.log(v, Math.floor(v), Math.ceil(v), Math.round(v), Math.trunc(v));
}
console.log(Math.round(2 ** 52 + 0.5), Math.round(-(2 ** 52)), Math.floor(-1e-300));

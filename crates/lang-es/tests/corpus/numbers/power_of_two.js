// Powers of two up to 2^64 via multiplication and via shifts.
const out = [];
let p = 1;
for (let i = 0; i <= 64; i += 4) {
  out.push(i + ":" + p);
  p *= 16;
}
console.log(out.join(" "));
const shifted = [];
for (let i = 0; i < 34; i += 3) shifted.push(1 << i);
console.log(shifted.join(" "));

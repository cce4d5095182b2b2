// Formatting numbers with thousands separators by hand.
function group(n) {
  const neg = n < 0;
  let s = String(Math.abs(n));
  let out = "";
  while (s.length > 3) {
    out = "," + s.slice(-3) + out;
    s = s.slice(0, -3);
  }
  return (neg ? "-" : "") + s + out;
}
for (const n of [0, 7, 999, 1000, 123456, -9876543, 2147483648, 9007199254740991]) {
  console.log(group(n).padStart(26));
}

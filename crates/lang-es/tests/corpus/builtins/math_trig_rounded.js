// Trigonometric identities checked with rounding.
function r(x) { return Math.round(x * 1e10) / 1e10; }
for (let deg = 0; deg <= 360; deg += 45) {
  const a = deg * Math.PI / 180;
  console.log(deg, r(Math.sin(a)), r(Math.cos(a)), r(Math.sin(a) ** 2 + Math.cos(a) ** 2));
}
console.log(r(Math.atan2(1, 1) * 4), r(Math.atan2(3, 4)), r(Math.atan2(-3, -4)));

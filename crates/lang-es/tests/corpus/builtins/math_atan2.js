// Math.atan2 in all quadrants and with signed zeros and infinities.
const pts = [[1, 1], [1, -1], [-1, -1], [-1, 1], [0, 1], [0, -1], [-0, -1], [1, 0], [-1, 0], [0, 0], [-0, 0], [0, -0], [-0, -0]];
for (const [y, x] of pts) console.log(y, x, Math.atan2(y, x));
console.log(Math.atan2(Infinity, Infinity), Math.atan2(-Infinity, -Infinity), Math.atan2(1, Infinity), Math.atan2(1, -Infinity));

// Trigonometric functions at common angles, printed with full precision.
const angles = [0, Math.PI / 6, Math.PI / 4, Math.PI / 3, Math.PI / 2, Math.PI, 1, -1, 0.5, 2];
for (const a of angles) console.log(a, Math.sin(a), Math.cos(a), Math.tan(a));
console.log(Math.sin(-0), Math.tan(-0), Math.sin(Infinity), Math.cos(NaN));

// Trigonometric results that are exactly representable or commonly printed.
console.log(Math.sin(0), Math.cos(0), Math.tan(0));
console.log(Math.sin(Math.PI / 2), Math.cos(Math.PI), Math.sin(Math.PI));
console.log(Math.atan2(1, 1), Math.atan2(-1, -1), Math.atan2(0, -1), Math.atan2(-0, -1));
console.log(Math.atan2(0, 0), Math.atan2(-0, 0), Math.atan2(1, 0));

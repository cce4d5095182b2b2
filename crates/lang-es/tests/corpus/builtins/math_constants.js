// Math.PI and Math.E and values computed from them.
console.log(Math.PI, Math.E, typeof Math.PI);
console.log(Math.PI * 2, Math.PI / 2, Math.E ** 2, Math.PI.toFixed(5), Math.E.toFixed(3));
const circle = r => [2 * Math.PI * r, Math.PI * r * r];
console.log(circle(1), circle(2.5));

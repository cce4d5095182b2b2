// Division produces doubles; integer division needs Math.floor or |0.
console.log(7 / 2, -7 / 2, 6 / 3, 1 / 3, 2 / 3);
console.log(Math.floor(7 / 2), Math.floor(-7 / 2), (7 / 2) | 0, (-7 / 2) | 0);
console.log(1 / 0, -1 / 0, 0 / 0, -1 / -0);
console.log(10 / 4, 10 / 8, 10 / 3, 100 / 7);
console.log(1e308 * 10, -1e308 * 10, 1e-323 / 10);

// Basic arithmetic operators and their precedence.
console.log(1 + 2 * 3);
console.log((1 + 2) * 3);
console.log(10 - 4 - 3);
console.log(2 * 3 + 4 * 5);
console.log(100 / 10 / 2);
console.log(7 % 3, -7 % 3, 7 % -3);
console.log(2 ** 10, 2 ** 3 ** 2, (2 ** 3) ** 2);
console.log((-2) ** 2, -(2 ** 2), 2 ** -1, (-8) ** (1 / 3));
console.log(1 - -1, - -5, +"3" + 4);

// The % operator keeps the sign of the dividend and works on doubles.
console.log(10 % 3, -10 % 3, 10 % -3, -10 % -3);
console.log(5.5 % 2, -5.5 % 2, 0.3 % 0.1);
console.log(5 % 0, 0 % 5, -0 % 5, 1 / (-0 % 5), 1 / (-4 % 2));
console.log(Infinity % 2, 2 % Infinity, -2 % Infinity);
console.log(2147483648 % 10, 4294967296 % 7, -2147483648 % -1);
console.log(1 / (-2147483648 % -1));

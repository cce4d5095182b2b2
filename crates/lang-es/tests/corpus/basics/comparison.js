// Relational and equality operators on numbers.
console.log(1 < 2, 2 < 1, 2 <= 2, 3 >= 4, 5 > 4);
console.log(1 == 1, 1 === 1, 1 != 2, 1 !== 1);
console.log(0 === -0, 0 == -0);
console.log(NaN == NaN, NaN === NaN, NaN != NaN);
console.log(NaN < 1, NaN > 1, NaN <= NaN, NaN >= 1);
console.log(Infinity > 1e308, -Infinity < -1e308);
console.log(0.1 + 0.2 == 0.3, 0.1 + 0.2 > 0.3);

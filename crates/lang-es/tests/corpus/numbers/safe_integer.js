// Integers around 2^53 lose precision in doubles.
const big = 2 ** 53;
console.log(big, big + 1, big + 2, big + 3);
console.log(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, Number.MAX_SAFE_INTEGER + 2);
console.log(big + 1 === big, big - 1 === big);
console.log(9007199254740993, 9007199254740995);
console.log(-Number.MAX_SAFE_INTEGER - 2);
console.log(Number.isInteger(big + 1), Number.isInteger(2.5));

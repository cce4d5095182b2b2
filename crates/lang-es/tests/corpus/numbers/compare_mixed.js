// Relational comparisons between numbers, strings and other values.
console.log(2 < "10", "2" < "10", "2" < 10, "abc" < 1, "abc" > 1);
console.log(null < 1, null >= 0, null > -1, undefined < 1, undefined >= 0);
console.log(true > false, true >= 1, "1" == 1.0, "1.0" == 1);
console.log([2] > 1, [10] < [9], "b" > "a");
console.log(1e21 > 999999999999999999999, -0 < 0, 0 <= -0);

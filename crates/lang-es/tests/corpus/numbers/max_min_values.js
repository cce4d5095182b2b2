// Largest and smallest doubles and what happens beyond them.
const maxD = 1.7976931348623157e308;
const minD = 5e-324;
console.log(maxD, minD, maxD * 2, minD / 2, -minD);
console.log(maxD + 1 === maxD, minD > 0, minD / 2 === 0);
console.log(2.2250738585072014e-308 / 2, 4.9406564584124654e-324);
console.log(Number.MAX_SAFE_INTEGER.toString(2).length);

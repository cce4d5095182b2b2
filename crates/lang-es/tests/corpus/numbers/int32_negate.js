// Negation of int32 edge cases and of zero produces -0 and doubles.
const zero = 0;
console.log(-zero, 1 / -zero);
const m = -2147483648;
console.log(-m, -m - 1);
let a = 5;
a = -a;
console.log(a, -a);
console.log(0 * -5, 1 / (0 * -5));
console.log(-0 + 0, 1 / (-0 + 0), -0 - 0, 1 / (-0 - 0));

// Factorials grow past int32 and past 2^53 into doubles.
function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); }
for (let i = 10; i <= 25; i++) console.log(i, fact(i));
console.log(fact(170));
console.log(fact(171));

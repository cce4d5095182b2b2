// An uncaught assignment to a const ends the program with a TypeError.
const limit = 10;
let total = 0;
for (let i = 0; i < 5; i++) total += i;
console.log("total", total);
limit = total;
console.log("unreachable");

// FizzBuzz written with nested ternaries and a for loop.
const out = [];
for (let i = 1; i <= 20; i++) out.push(i % 15 === 0 ? "FB" : i % 3 === 0 ? "F" : i % 5 === 0 ? "B" : i);
console.log(out.join(" "));

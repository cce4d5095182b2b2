// An array of adder closures built in a loop.
const adders = [];
for (let i = 0; i < 5; i++) adders.push(x => x + i * 10);
console.log(adders.map(f => f(1)));
console.log(adders.reduce((v, f) => f(v), 0));

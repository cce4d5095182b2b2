// Composing a long list of small functions.
const fns = [];
for (let i = 1; i <= 20; i++) fns.push(x => (x * i) % 1000003);
const composed = fns.reduce((f, g) => x => g(f(x)), x => x);
console.log(composed(1), composed(7), composed(123456));

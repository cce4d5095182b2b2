// Calling methods on number literals and expressions.
console.log((5).toString(), 5..toString(), 5.5.toString(), (1e21).toString());
console.log((255).toString(16).toUpperCase(), (0.5).toString());
const n = 42;
console.log(n.toString().length, (n * 2).toString(2).length);
console.log((-7).toString(2), (-0.5).toString());

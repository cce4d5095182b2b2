// Functions taking and returning functions.
const compose = (f, g) => x => f(g(x));
const inc = x => x + 1;
const dbl = x => x * 2;
console.log(compose(inc, dbl)(5), compose(dbl, inc)(5));
const pipe = (...fns) => x => fns.reduce((v, f) => f(v), x);
console.log(pipe(inc, dbl, inc, dbl)(1));
function repeat(f, n) { return x => { for (let i = 0; i < n; i++) x = f(x); return x; }; }
console.log(repeat(dbl, 10)(1), repeat(inc, 0)(7));
const twice = f => x => f(f(x));
console.log(twice(twice(dbl))(1));

// Curried functions and partial application.
const add = a => b => c => a + b + c;
console.log(add(1)(2)(3));
const add1 = add(1);
const add1and2 = add1(2);
console.log(add1and2(10), add1(0)(0));
function partial(f, ...bound) { return (...rest) => f(...bound, ...rest); }
const greet = (g, n, p) => g + ", " + n + p;
console.log(partial(greet, "Hello")("Ann", "!"), partial(greet, "Hi", "Bob")("?"));

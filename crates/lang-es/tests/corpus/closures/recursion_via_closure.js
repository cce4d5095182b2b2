// Recursive arrow functions referring to their own const binding.
const fact = n => (n <= 1 ? 1 : n * fact(n - 1));
const even = n => (n === 0 ? true : odd(n - 1));
const odd = n => (n === 0 ? false : even(n - 1));
console.log(fact(12), even(10), odd(7), even(7));

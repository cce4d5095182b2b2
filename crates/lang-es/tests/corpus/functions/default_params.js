// Default parameters are used for missing or undefined arguments only.
function greet(name = "stranger", greeting = "Hello") { return greeting + ", " + name; }
console.log(greet(), greet("Ann"), greet(undefined, "Hi"), greet(null), greet("", ""));
let counter = 0;
function tick(n = ++counter) { return n; }
console.log(tick(), tick(), tick(100), tick(), counter);
function arr(a = []) { a.push(1); return a; }
console.log(arr(), arr(), arr([0]));

// Declaring and reassigning let, const and var variables.
let a = 1;
const b = 2;
var c = 3;
console.log(a, b, c);
a = a + b;
c += a;
console.log(a, b, c);
let d;
console.log(d);
var e;
console.log(e);
let x = 1, y = 2, z = x + y;
console.log(x, y, z);

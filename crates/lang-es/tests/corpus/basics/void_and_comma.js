// The void operator and the comma operator.
console.log(void 0, void "x", void (1 + 2));
let x = (1, 2, 3);
console.log(x);
let y = 0;
let z = (y++, y++, y);
console.log(y, z);
for (let i = 0, j = 5; i < j; i++, j--) console.log(i, j);

// Adding past the int32 range must produce exact doubles, not wrap around.
const max = 2147483647;
console.log(max + 1, max + 2, max * 2);
const min = -2147483648;
console.log(min - 1, min + min, -min);
let x = max;
x++;
console.log(x);
let y = min;
y--;
console.log(y);
let acc = 0;
for (let i = 0; i < 5; i++) acc += 1000000000;
console.log(acc);

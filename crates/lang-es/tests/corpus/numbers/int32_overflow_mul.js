// Multiplication overflowing int32: results stay exact up to 2^53.
console.log(65536 * 65536);
console.log(46341 * 46341);
console.log(46340 * 46340);
console.log(-65536 * 32768, -65536 * 32769);
console.log(123456789 * 1000);
console.log(99999 * 99999 * 99999);
let p = 1;
for (let i = 0; i < 40; i++) p *= 3;
console.log(p);

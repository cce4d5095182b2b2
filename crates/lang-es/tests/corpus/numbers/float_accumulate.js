// Accumulating floating point error in loops.
let s = 0;
for (let i = 0; i < 10; i++) s += 0.1;
console.log(s, s === 1);
let t = 1;
for (let i = 0; i < 10; i++) t -= 0.1;
console.log(t);
let h = 0;
for (let i = 1; i <= 20; i++) h += 1 / i;
console.log(h);
let p = 1;
for (let i = 0; i < 30; i++) p *= 1.1;
console.log(p);

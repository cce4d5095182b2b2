// Loops that run zero times, once, or with unusual updates.
let n = 0;
for (let i = 0; i < 0; i++) n++;
for (let i = 5; i < 6; i++) n += 10;
for (let i = 1; i < 100; i *= 3) n += 100;
console.log(n);
let s = "";
for (let i = 10; i--;) s += i;
console.log(s);
let w = 3;
while (w--) console.log("w", w);
console.log(w);

// Classic for loops, counting up, down and with steps.
let out = "";
for (let i = 0; i < 5; i++) out += i;
console.log(out);
out = "";
for (let i = 10; i > 0; i -= 3) out += i + ",";
console.log(out);
let p = 1;
for (let i = 1; i <= 10; i++) p *= i;
console.log(p);
let j = 0;
for (; j < 3;) j++;
console.log(j);
for (let a = 0, b = 10; a < b; a += 2, b -= 2) console.log(a, b);

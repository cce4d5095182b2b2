// Counting down with several loop styles producing the same output.
let a = [];
for (let i = 5; i > 0; i--) a.push(i);
let b = [];
let j = 5;
while (j) b.push(j--);
let c = [];
let k = 6;
do c.push(--k); while (k > 1);
console.log(a.join(), b.join(), c.join());

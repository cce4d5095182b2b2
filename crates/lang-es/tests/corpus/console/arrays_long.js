// Arrays longer than 100 items show a "more items" marker.
const a = [];
for (let i = 0; i < 150; i++) a.push(i);
console.log(a);
const b = [];
for (let i = 0; i < 101; i++) b.push(i % 3);
console.log(b);
const c = [];
for (let i = 0; i < 100; i++) c.push(i % 10);
console.log(c);

// Grouped numeric arrays are right aligned.
console.log([1, 22, 333, 4444, 55555, 666666, 7777777]);
console.log([-1, -22, 333, -4444, 5, 66, -777, 8, 9, 10]);
const sq = [];
for (let i = 1; i <= 40; i++) sq.push(i * i * i);
console.log(sq);
const f = [];
for (let i = 0; i < 16; i++) f.push(i / 8);
console.log(f);

// console.log breaks objects over several lines when they exceed the line width.
const o = {};
for (let i = 0; i < 10; i++) o["property" + i] = i * 1000;
console.log(o);
const short = { a: 1, b: 2, c: 3 };
console.log(short);
const mid = { alpha: "aaaaaaaaaa", beta: "bbbbbbbbbb", gamma: "cccccccccc", delta: "ddddd" };
console.log(mid);

// Class instances nested in arrays and objects, with grouping.
class P { constructor(i) { this.i = i; } }
const ps = [];
for (let i = 0; i < 8; i++) ps.push(new P(i));
console.log(ps);
console.log({ first: ps[0], rest: ps.slice(1, 3) });

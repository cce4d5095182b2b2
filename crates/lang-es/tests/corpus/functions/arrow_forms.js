// Arrow function syntax variants.
const a = () => 1;
const b = x => x + 1;
const c = (x, y) => x * y;
const d = (x) => { const y = x * 2; return y + 1; };
const e = () => ({ obj: true });
const f = ([x, y]) => x + y;
const g = ({ v }) => v;
const h = (...xs) => xs.length;
const i = (x = 5) => x;
console.log(a(), b(1), c(2, 3), d(4), e(), f([1, 2]), g({ v: "v" }), h(1, 2, 3), i());

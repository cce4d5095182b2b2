// indexOf uses ===, includes uses SameValueZero (finds NaN).
const a = [1, "1", NaN, -0, null, undefined, 1];
console.log(a.indexOf(1), a.indexOf("1"), a.indexOf(NaN), a.indexOf(0), a.indexOf(null));
console.log(a.includes(NaN), a.includes(0), a.includes(undefined), a.includes("2"));
console.log(a.indexOf(1, 1), a.indexOf(1, -1), a.indexOf(undefined));
const holes = [, 1];
console.log(holes.indexOf(undefined), holes.includes(undefined));
const o = {};
console.log([o, {}].indexOf(o), [{}].indexOf({}));

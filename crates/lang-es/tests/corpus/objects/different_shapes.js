// A function reading a property from objects of many different shapes.
function getX(o) { return o.x; }
const objs = [
  { x: 1 }, { a: 0, x: 2 }, { b: 0, c: 0, x: 3 }, { x: 4, d: 1 },
  { e: 1, f: 2, g: 3, x: 5 }, { y: 6 }, [7], { x: "eight" },
];
console.log(objs.map(getX));
let s = 0;
for (let i = 0; i < 10000; i++) s += getX(objs[i % 5]);
console.log(s);

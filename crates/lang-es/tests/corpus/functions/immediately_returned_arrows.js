// Arrow functions returning arrow functions and object literals.
const makePoint = (x, y) => ({ x, y, move: (dx, dy) => makePoint(x + dx, y + dy) });
const p = makePoint(1, 1).move(2, 3).move(-1, 0);
console.log(p.x, p.y);
const curry3 = f => a => b => c => f(a, b, c);
console.log(curry3((a, b, c) => a * b - c)(3)(4)(5));

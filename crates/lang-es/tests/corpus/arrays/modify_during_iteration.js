// Modifying an array while iterating: forEach sees pushes only up to the original length.
const a = [1, 2, 3];
a.forEach((x, i) => { if (i === 0) a.push(99); console.log("visit", x); });
console.log(a);
const b = [1, 2, 3, 4];
for (const x of b) {
  if (x === 2) b.push(5);
  console.log("of", x);
}
const c = [1, 2, 3, 4, 5];
c.forEach((x, i) => { if (x === 2) c.pop(); console.log("c", x); });

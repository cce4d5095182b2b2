// Array holes read as undefined but print as empty items.
const a = [1, , 3];
console.log(a, a[1], a.length);
const b = [, , ,];
console.log(b, b.length);
const c = [];
c[5] = "x";
console.log(c, c.length);
c[2] = undefined;
console.log(c);
console.log(1 in a, 0 in a, 2 in c, 3 in c);
const d = [1, , , , 5, , 7];
console.log(d);

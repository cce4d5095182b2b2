// splice removes and inserts elements and returns the removed ones.
const a = [1, 2, 3, 4, 5, 6];
console.log(a.splice(1, 2), a);
console.log(a.splice(1, 0, "x", "y"), a);
console.log(a.splice(-2), a);
console.log(a.splice(0, 1, "first"), a);
console.log(a.splice(1), a);
const b = [1, 2, 3];
console.log(b.splice(1, 100, 9), b);
console.log(b.splice(), b);
console.log(b.splice(0), b);

// Basic array creation, indexing and length.
const a = [1, 2, 3];
console.log(a, a.length, a[0], a[2], a[3]);
a[3] = 4;
console.log(a, a.length);
const b = [];
b.push("x");
b.push("y");
console.log(b, b.length);
const mixed = [1, "two", true, null, undefined, [3]];
console.log(mixed);

// Arrays with non-index properties show them after the elements.
const a = [1, 2];
a.extra = "x";
console.log(a);
const b = [];
b.name = "empty with name";
console.log(b);

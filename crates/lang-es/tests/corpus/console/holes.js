// Arrays with holes show empty item counts.
console.log([, 1]);
console.log([1, , 2, , , 3]);
console.log(new Array(5));
console.log([, , , "x", , ,]);
const a = [1, 2, 3];
a[10] = 4;
console.log(a);
const b = new Array(3);
b[1] = undefined;
console.log(b);

// Writing length truncates or extends an array.
const a = [1, 2, 3, 4, 5];
a.length = 3;
console.log(a, a.length, a[3]);
a.length = 6;
console.log(a, a.length);
a.length = 0;
console.log(a, a[0]);
const b = [1, 2, 3];
b[b.length] = 4;
console.log(b);
b.length--;
console.log(b);

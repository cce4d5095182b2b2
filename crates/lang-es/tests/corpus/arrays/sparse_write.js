// Writing far beyond the end creates holes.
const a = [1];
a[10] = 11;
console.log(a.length, a);
let count = 0;
a.forEach(() => count++);
console.log(count);
console.log(a.map(x => x * 2));
console.log(a.indexOf(undefined), a.filter(x => true).length);

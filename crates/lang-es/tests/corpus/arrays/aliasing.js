// Arrays are references; assignment shares, slice copies.
const a = [1, 2, 3];
const b = a;
b.push(4);
console.log(a, b, a === b);
const c = a.slice();
c.push(5);
console.log(a, c);
function mutate(arr) { arr[0] = "changed"; arr = []; arr.push("lost"); }
mutate(a);
console.log(a);

// push returns the new length; pop returns the removed element.
const a = [];
console.log(a.push(1), a.push(2, 3), a);
console.log(a.pop(), a.pop(), a);
console.log(a.pop(), a.pop(), a.length);
const b = [1];
b.push([2, 3]);
console.log(b, b.length);

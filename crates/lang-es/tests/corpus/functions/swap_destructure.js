// Swapping variables and array elements with destructuring.
let a = 1, b = 2, c = 3;
[a, b, c] = [c, a, b];
console.log(a, b, c);
const arr = [1, 2, 3, 4];
[arr[0], arr[3]] = [arr[3], arr[0]];
console.log(arr);
const o = { x: 1, y: 2 };
[o.x, o.y] = [o.y, o.x];
console.log(o);

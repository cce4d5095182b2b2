// Assignment is an expression whose value is the assigned value.
let a, b, c;
a = b = c = 7;
console.log(a, b, c);
let x = 1;
let y = (x += 2) * 2;
console.log(x, y);
const arr = [0, 0, 0];
let i = 0;
arr[i++] = i;
arr[i++] = i;
console.log(arr, i);

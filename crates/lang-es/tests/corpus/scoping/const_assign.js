// Assigning to a const binding throws a TypeError.
const c = 1;
try {
  c = 2;
} catch (e) {
  console.log(e.name + ": " + e.message);
}
console.log(c);
const obj = { a: 1 };
obj.a = 2;
obj.b = 3;
console.log(obj);
const arr = [1];
arr.push(2);
console.log(arr);
try {
  for (const i = 0; i < 2; i++) {}
} catch (e) {
  console.log(e.message);
}

// Array and object destructuring in declarations.
const [a, b, c] = [1, 2];
console.log(a, b, c);
const [x, , z = "default", ...rest] = [10, 20, undefined, 40, 50];
console.log(x, z, rest);
const { name, age = 30, city: town = "nowhere" } = { name: "Ann", city: "Oslo" };
console.log(name, age, town);
const { inner: { deep } } = { inner: { deep: "value" } };
console.log(deep);
const [[p, q], { r }] = [[1, 2], { r: 3 }];
console.log(p, q, r);
let m, n;
[m, n] = [1, 2];
[m, n] = [n, m];
console.log(m, n);
let k;
({ k } = { k: "assigned" });
console.log(k);

// Basic object creation, property read and write.
const p = { name: "Ada", age: 36 };
console.log(p.name, p["age"], p.missing);
p.age = 37;
p.city = "London";
console.log(p);
const key = "name";
console.log(p[key]);
const empty = {};
console.log(empty);

// Arrays of objects containing arrays of objects.
const data = {
  users: [
    { name: "ann", roles: ["admin", "dev"], active: true },
    { name: "bob", roles: [], active: false },
  ],
  count: 2,
};
console.log(data);
console.log(data.users);
console.log(data.users[0].roles);

// find and findIndex return the first match or undefined / -1.
const a = [5, 12, 8, 130, 44];
console.log(a.find(x => x > 10), a.findIndex(x => x > 10));
console.log(a.find(x => x > 1000), a.findIndex(x => x > 1000));
const users = [{ id: 1, n: "a" }, { id: 2, n: "b" }];
console.log(users.find(u => u.id === 2), users.find(u => u.id === 3));
console.log([, 1].find(x => x === undefined), [, 1].findIndex(x => x === undefined));

// Arrays of booleans, nulls and undefineds.
console.log([true, false, true, false, true, false, true]);
console.log([null, null, null, null, null, null, null, null]);
console.log([undefined, null, undefined]);
const u = [];
for (let i = 0; i < 10; i++) u.push(i % 2 ? null : undefined);
console.log(u);

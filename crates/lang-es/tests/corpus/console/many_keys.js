// Objects with many keys are printed one key per line.
const o = {};
for (let i = 0; i < 30; i++) o["k" + i] = i;
console.log(o);
const small = {};
for (let i = 0; i < 5; i++) small[String.fromCharCode(97 + i)] = i;
console.log(small);

// Loop variables shadowing outer variables with the same name.
let i = "outer";
for (let i = 0; i < 2; i++) {
  console.log("loop", i);
}
console.log(i);
const x = 5;
for (const x of [1, 2]) console.log("of", x);
console.log(x);

// let inside a while loop body creates a new binding each iteration.
const fns = [];
let i = 0;
while (i < 3) {
  const j = i;
  let k = i * 10;
  fns.push(() => j + k);
  i++;
}
console.log(fns.map(f => f()));

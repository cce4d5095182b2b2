// Closures over a loop's let variable capture a fresh binding per iteration.
const fns = [];
for (let i = 0; i < 5; i++) fns.push(() => i);
console.log(fns.map(f => f()));
const fns2 = [];
for (let i = 0; i < 3; i++) {
  fns2.push(() => i);
  i++;
}
console.log(fns2.map(f => f()));
const fns3 = [];
for (let i = 0; i < 3; i++) {
  fns3.push(() => i++);
}
console.log(fns3.map(f => f()), fns3.map(f => f()));

// Sorting a larger array of pseudo random numbers with a comparator.
let seed = 17;
function rnd() { seed = (seed * 16807) % 2147483647; return seed; }
const a = [];
for (let i = 0; i < 500; i++) a.push(rnd() % 1000);
a.sort((x, y) => x - y);
let ok = true;
for (let i = 1; i < a.length; i++) if (a[i - 1] > a[i]) ok = false;
console.log(ok, a[0], a[250], a[499]);
const b = a.slice(0, 20);
b.sort();
console.log(b.join(","));

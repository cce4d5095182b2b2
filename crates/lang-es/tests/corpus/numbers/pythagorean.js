// Finding Pythagorean triples with nested loops and integer checks.
const triples = [];
for (let a = 1; a < 30; a++) {
  for (let b = a; b < 30; b++) {
    const c = Math.sqrt(a * a + b * b);
    if (Number.isInteger(c)) triples.push(`${a}-${b}-${c}`);
  }
}
console.log(triples.length);
console.log(triples.join(" "));

// Approximating pi with the Leibniz series and comparing with Math.PI.
let pi = 0;
for (let k = 0; k < 100000; k++) {
  pi += (k % 2 === 0 ? 4 : -4) / (2 * k + 1);
}
console.log(pi, Math.PI, Math.abs(pi - Math.PI) < 1e-4);
let e = 0, f = 1;
for (let k = 0; k < 20; k++) {
  e += 1 / f;
  f *= k + 1;
}
console.log(e, Math.E, e === Math.E);

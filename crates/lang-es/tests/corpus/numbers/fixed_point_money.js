// Money computed in integer cents versus floating point dollars.
const prices = [19.99, 5.01, 0.1, 0.2, 3.3];
let dollars = 0;
let cents = 0;
for (const p of prices) {
  dollars += p;
  cents += Math.round(p * 100);
}
console.log(dollars, cents, cents / 100);
console.log((dollars).toFixed(2), (cents / 100).toFixed(2));
console.log(Math.round(1.005 * 100), 1.005 * 100);

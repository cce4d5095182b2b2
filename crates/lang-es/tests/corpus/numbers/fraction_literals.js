// Literals written with a fraction or an exponent are doubles inside porcini even when their
// value is an integer; nothing a program sees may differ from an integer literal's.
const a = [10, 20, 30];
console.log(1.0, 0.0, -0.0, 1e3, 2.5, 0x1e, 0b1, 0o7, 1.0 === 1, 1 / 0.0 === 1 / 0, 1 / -0.0, 0.0 === -0);
console.log(a[1.0], a[2e0], a[3.0], 1.0 | 0, 3.0 << 2, 5.0 % 2, 7.0 / 2, 2.0 ** 10, -(1.0));
console.log("abc".charAt(1.0), new Array(3.0).length, (255).toString(16.0), "abcdef".substring(1.0, 3e0), [1, 2, 3].slice(1.0));
console.log(typeof 1.0, String(1.0), `${2.0}`, [0.0, 1.0].indexOf(1), [1, 2].includes(2.0), 1e21, 1.5e300 * 1e10);
let s = 0.0;
for (let i = 0; i < 10; i++) s += i;
console.log(s, s === 45, s.toFixed(1));
const o = {};
o[1.0] = "x";
o[2e0] = "y";
console.log(Object.keys(o), o[1], o["2"]);
switch (2.0) {
  case 2: console.log("two"); break;
  default: console.log("other");
}

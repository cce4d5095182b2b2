// Number literal forms: decimal, hex, octal, binary, exponent, separators.
console.log(255, 0xff, 0XFF, 0o377, 0b11111111);
console.log(1e3, 1E3, 2.5e-3, .5, 5., 0.0);
console.log(1_000_000, 0x7fff_ffff);
console.log(0.000001, 0.0000001, 123e20, 123e19);

// Number printing switches to exponent notation at 1e21 and below 1e-6.
console.log(1e20, 1e21, 1e22, 123456789012345680000, 1234567890123456800000);
console.log(1e-6, 1e-7, 5e-7, 1.5e-7, -1e-7, 0.00001234);
console.log(1.7976931348623157e308, 1e300, 1e-300);
console.log(2 ** 70, 2 ** -30, 3e21 / 3);
console.log(String(1e21), String(1e-7), "" + 1.5e300);
console.log(999999999999999999999, 99999999999999999999);
console.log(1e100, 1.23e+45, 4.5e-10);

// Hex, octal and binary literals and parsing with radix.
console.log(0x10, 0x7fffffff, 0x80000000, 0xffffffff, 0x100000000);
console.log(0o10, 0o777, 0b1010, 0b11111111111111111111111111111111);
console.log(parseInt("ff", 16), parseInt("FF", 16), parseInt("0xff", 16), parseInt("0xff"));
console.log(parseInt("777", 8), parseInt("1010", 2), parseInt("zz", 36), parseInt("12", 3));
console.log(parseInt("2", 2), parseInt("9", 8), parseInt("g", 16));

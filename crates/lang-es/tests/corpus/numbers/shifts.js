// Shift operators mask the shift count and convert to int32/uint32.
console.log(1 << 31, 1 << 32, 1 << 33, 1 << -1);
console.log(-8 >> 1, -8 >>> 1, -1 >>> 0, -1 >>> 31, -1 >> 31);
console.log(8 >> 33, 8 >>> 35, 1024 >> -28);
console.log(2147483648 >> 0, 2147483648 >>> 0, 4294967295 >> 0);
console.log(-2147483648 >>> 0, (-2147483648 >>> 0) + 1);
console.log(5 << 28, 5 << 29, 5 << 30);
console.log(0xdeadbeef >>> 0, 0xdeadbeef >> 0, 0xdeadbeef >>> 16);
console.log(-5 >>> 0, (-5 >>> 0).toString(16), (-5 >>> 0).toString(2));

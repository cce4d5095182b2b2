// Bitwise AND, OR, XOR and NOT convert operands to int32.
console.log(12 & 10, 12 | 10, 12 ^ 10, ~12);
console.log(~0, ~-1, ~2147483647, ~-2147483648);
console.log(-1 & 255, -256 | 15, 0xffffffff & 1, 0xffffffff | 0);
console.log(2147483648 | 0, 4294967296 | 0, 4294967297 | 0);
console.log(1.9 | 0, -1.9 | 0, 2.5e9 | 0, -2.5e9 | 0);
console.log(NaN | 0, Infinity | 0, -Infinity & 1, "12" | 1, "x" | 1);
console.log(~~3.7, ~~-3.7, ~~"8");

// Compound assignment operators on numbers and strings.
let n = 10;
n += 5; console.log(n);
n -= 3; console.log(n);
n *= 4; console.log(n);
n /= 8; console.log(n);
n %= 4; console.log(n);
n **= 3; console.log(n);
let b = 6;
b &= 3; console.log(b);
b |= 8; console.log(b);
b ^= 15; console.log(b);
b <<= 3; console.log(b);
b >>= 1; console.log(b);
b = -b; b >>>= 28; console.log(b);
let s = "ab";
s += "cd"; console.log(s);
s += 1; console.log(s);
s += null; console.log(s);

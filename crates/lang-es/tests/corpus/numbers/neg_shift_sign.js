// Right shifts of negative numbers keep (>>) or drop (>>>) the sign.
for (const v of [-1, -2, -7, -100, -2147483648, 7, 100]) {
  console.log(v, v >> 1, v >> 4, v >>> 1, v >>> 28, v << 1, v << 31);
}

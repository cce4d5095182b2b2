// Arithmetic around Number.MAX_SAFE_INTEGER.
const M = Number.MAX_SAFE_INTEGER;
console.log(M, M + 1, M + 2, M + 3, M + 4, M * 2, -M - 1, -M - 2);
console.log(M % 10, M / 2, Math.floor(M / 2), (M + 1) / 2);
console.log(M.toString(2).length, M.toString(16), M.toString(36));

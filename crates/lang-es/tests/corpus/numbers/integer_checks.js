// Number.isInteger, isFinite and isNaN on various inputs.
const vals = [0, -0, 1, 1.5, 1e21, 2 ** 53, NaN, Infinity, -Infinity, "5", true, null];
for (const v of vals) {
  console.log(String(v), Number.isInteger(v), isFinite(v), isNaN(v));
}

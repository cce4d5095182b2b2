// Rotating arrays left and right using slice, concat and splice.
function rotl(a, k) { k = ((k % a.length) + a.length) % a.length; return a.slice(k).concat(a.slice(0, k)); }
const a = [1, 2, 3, 4, 5];
for (const k of [0, 1, 2, 5, 7, -1, -6]) console.log(k, rotl(a, k));
const b = a.slice();
b.unshift(...b.splice(-2));
console.log(b);

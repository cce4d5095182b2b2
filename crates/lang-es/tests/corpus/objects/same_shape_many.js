// Many objects with the same shape, read in a loop.
const pts = [];
for (let i = 0; i < 1000; i++) pts.push({ x: i, y: i * 2, z: -i });
let sx = 0, sy = 0, sz = 0;
for (const p of pts) { sx += p.x; sy += p.y; sz += p.z; }
console.log(sx, sy, sz);
const odd = { y: 1, x: 2 };
pts.push(odd);
console.log(pts[pts.length - 1], pts[0]);

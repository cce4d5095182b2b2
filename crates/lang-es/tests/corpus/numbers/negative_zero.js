// -0 is distinguishable only by division and by console.log.
const nz = -0;
console.log(nz, [nz], String(nz), nz + "", `${nz}`);
console.log(1 / nz, nz === 0, nz < 0);
console.log(Math.round(-0.4), 1 / Math.round(-0.4));
console.log(Math.max(-0, 0), 1 / Math.max(-0, 0), Math.min(-0, 0), 1 / Math.min(-0, 0));
console.log(-0 * 1, 0 * -1, -1 * 0);
console.log((-0).toString(), (-0).toFixed(2));
console.log(Math.abs(-0), Math.sign(-0), Math.trunc(-0.7), Math.ceil(-0.5));

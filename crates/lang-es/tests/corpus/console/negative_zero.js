// -0 is shown as -0 by console.log but as 0 by string conversion.
console.log(-0, [-0], { z: -0 }, String(-0), `${-0}`, [-0].join());
console.log(0 * -1, -0 + 0, Math.round(-0.1), -0 === 0);
console.log([0, -0, +0]);

// Math functions that preserve or produce negative zero.
const results = [Math.round(-0.2), Math.ceil(-0.2), Math.trunc(-0.2), Math.sin(-0), Math.sqrt(-0), Math.abs(-0), Math.floor(-0), Math.max(-0), Math.cbrt(-0), Math.atan2(-0, 1), -0 * 5, Math.round(-0.5), Math.round(-0.6)];
console.log(results);
console.log(results.map(x => (1 / x === -Infinity ? "-0" : String(x))).join(" "));

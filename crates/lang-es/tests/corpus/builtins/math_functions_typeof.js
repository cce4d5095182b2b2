// Math functions are ordinary function values.
const fns = [Math.abs, Math.floor, Math.sqrt, Math.max];
console.log(fns.map(f => typeof f), fns.map(f => f(-4.5)));
const table = { abs: Math.abs, sq: Math.sqrt };
console.log(table.abs(-9), table.sq(81));
console.log(Math.abs.name, Math.max.name);

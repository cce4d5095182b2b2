// Nesting deeper than two levels is abbreviated as [Object] or [Array].
console.log({ a: { b: { c: { d: 1 } } } });
console.log({ a: { b: { c: {} } } });
console.log({ a: { b: { c: [] } } });
console.log({ a: { b: { c: [1] } } });
console.log([[[[1]]]]);
console.log([[[[]]]]);
console.log([{ x: [{ y: 1 }] }]);
class Deep { constructor() { this.v = 1; } }
console.log({ a: { b: { c: new Deep() } } });

// Empty arrays and objects, nested and not.
console.log([], {});
console.log([[]], [{}], { a: [] }, { b: {} });
console.log([[], [], []]);
console.log({ a: {}, b: [], c: [[]], d: [{}] });

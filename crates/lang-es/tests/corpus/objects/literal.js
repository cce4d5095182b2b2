// Object literals with various key forms.
const o = { a: 1, "b c": 2, 3: "three", "x-y": 4, _u: 5, $d: 6 };
console.log(o);
console.log(o.a, o["b c"], o[3], o["3"], o["x-y"], o._u, o.$d);
const nested = { inner: { deeper: { deepest: { gone: 1 } } }, list: [1, { k: "v" }] };
console.log(nested);
console.log({ if: 1, class: 2, new: 3, typeof: 4 });

// console.log of deeply nested objects abbreviates below depth 2.
const deep = { l1: { l2: { l3: { l4: "deep" } }, arr: [[1, [2, [3]]]] } };
console.log(deep);
console.log(deep.l1);
console.log(deep.l1.l2);
console.log([[[[["five"]]]]]);

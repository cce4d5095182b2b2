// console.log of arrays containing objects of different sizes.
console.log([{ a: 1 }, { b: 2 }]);
console.log([{}, [], { x: [] }]);
console.log({ arr: [{ k: 1 }, { k: 2 }] });
console.log([{ name: "first item", value: 100 }, { name: "second item", value: 200 }, { name: "third", value: 3 }]);

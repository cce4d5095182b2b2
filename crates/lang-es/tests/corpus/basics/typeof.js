// typeof for every kind of value in the subset.
console.log(typeof 1, typeof 1.5, typeof NaN, typeof Infinity);
console.log(typeof "s", typeof "");
console.log(typeof true, typeof false);
console.log(typeof undefined, typeof null);
console.log(typeof {}, typeof [], typeof [1, 2]);
console.log(typeof function () {}, typeof (() => 1));
class A {}
console.log(typeof A, typeof new A());
console.log(typeof notDeclaredAnywhere);
console.log(typeof typeof 1);
console.log(typeof Math, typeof Math.abs, typeof console.log);

// Object literals with methods and arrow function properties.
const o = {
  value: 1,
  get() { return this.value; },
  set: function (v) { this.value = v; },
  reset: () => 0,
};
console.log(o);
console.log(o.get, o.set, o.reset);

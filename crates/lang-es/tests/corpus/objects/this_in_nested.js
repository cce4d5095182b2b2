// this inside nested functions and arrows within methods.
const obj = {
  name: "obj",
  arrowInside() {
    const f = () => this.name;
    return f();
  },
  regularInside() {
    const self = this;
    function g() { return self.name; }
    return g();
  },
  list() {
    return [1, 2].map(x => this.name + x);
  },
};
console.log(obj.arrowInside(), obj.regularInside(), obj.list());

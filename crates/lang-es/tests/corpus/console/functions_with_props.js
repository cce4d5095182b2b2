// Functions and classes with own properties show them after the name.
function counter() {}
counter.count = 3;
console.log(counter);
class Config { static defaults = { debug: false }; static version = 2; }
console.log(Config);
class Child extends Config {}
console.log(Child);
const f = () => 0;
f.label = "zero";
console.log([f]);

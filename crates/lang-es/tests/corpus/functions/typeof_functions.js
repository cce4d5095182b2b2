// typeof and names of different kinds of functions.
function decl() {}
const expr = function () {};
const named = function nm() {};
const arrow = () => {};
class K {}
const obj = { method() {}, prop: function () {}, arrowProp: () => {} };
console.log(typeof decl, typeof expr, typeof arrow, typeof K, typeof obj.method);
console.log(decl.name, expr.name, named.name, arrow.name, K.name, obj.method.name, obj.prop.name, obj.arrowProp.name);
console.log(decl, expr, named, arrow, obj.method);

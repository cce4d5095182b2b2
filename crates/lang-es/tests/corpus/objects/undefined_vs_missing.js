// Distinguishing a property set to undefined from a missing property.
const o = { a: undefined };
console.log(o.a, o.b, "a" in o, "b" in o);
console.log(o, Object.keys(o));
o.b = null;
console.log(o);

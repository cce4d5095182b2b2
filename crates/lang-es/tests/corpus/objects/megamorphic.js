// Sites that see more shapes than their inline caches hold go generic and use the engine's
// megamorphic cache: own data properties at every slot (past the in-object ones too), writes,
// additions, inherited values, getters and the names objects answer without a property.

function make(k) {
  const o = {};
  for (let i = 0; i < k; i++) o["p" + i] = i;
  o.x = k;
  return o;
}

function getx(o) { return o.x; }
function setx(o, v) { o.x = v; }
function gety(o) { return o.y; }
function len(o) { return o.length; }
function nm(o) { return o.name; }

const objs = [];
for (let k = 0; k < 12; k++) objs.push(make(k));

class P { get x() { return "getter"; } }
function Q() {}
Q.prototype.x = "inherited";
const odd = [new P(), new Q(), [1, 2, 3], "str", 7];

let sum = 0;
for (let round = 0; round < 3000; round++) {
  for (let k = 0; k < 12; k++) {
    const o = objs[k];
    sum += getx(o);
    setx(o, getx(o) + 1);
    const fresh = make(k);
    fresh.y = round;
    sum += gety(fresh) - round;
  }
}
console.log(sum);
console.log(objs.map(getx).join(","));
console.log(odd.map(getx).join(","));
console.log(odd.map(gety).join(","));
Q.prototype.x = "changed";
console.log(getx(odd[1]));
const lens = [[1], "ab", { length: 5 }, function (a, b) {}, make(3)];
for (let r = 0; r < 200; r++) lens.forEach(len);
console.log(lens.map(len).join(","));
function named() {}
const names = [named, class Foo {}, { name: "obj" }, make(2), { a: 1, name: "late" }];
for (let r = 0; r < 200; r++) names.forEach(nm);
console.log(names.map(nm).join(","));
try {
  getx(null);
} catch (e) {
  console.log(e instanceof TypeError);
}

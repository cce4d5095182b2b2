// A property read and write whose inline cache went generic (objects of many shapes) on slots
// past the ones inside the object: compiled code finds the slot through the megamorphic cache
// and reads or writes it in place, while some objects keep growing their extra slots.
function make(i) {
  const o = {};
  // A different first property per object gives as many shapes as objects.
  o['id' + i] = i;
  for (let k = 0; k < 6; k++) o['p' + ((k + i) % 6)] = k;
  o.q = i; o.r = i * 2; o.s = i * 3; o.t = 't' + i; o.u = i + 0.5;
  return o;
}
const objs = [];
for (let i = 0; i < 36; i++) objs.push(make(i));
function readAll(list) {
  let n = 0;
  let text = '';
  for (const o of list) {
    n += o.r + o.s + o.u;
    text = o.t;
  }
  return n + text;
}
function bump(list, by) {
  for (const o of list) {
    o.s = o.s + by;
    o.u = o.u * 0.5 + 1;
  }
}
let out = '';
for (let round = 0; round < 3000; round++) {
  bump(objs, round);
  if (round % 500 === 0) out += readAll(objs) + ' ';
  if (round === 1500) {
    // Grow some objects past their current extra slots (a new, larger slot array).
    for (let i = 0; i < objs.length; i += 3) {
      for (let k = 0; k < 10; k++) objs[i]['x' + k] = k * i;
    }
  }
  if (round % 7 === 0) readAll(objs);
}
console.log(out);
console.log(readAll(objs), objs[3].x9, objs[4].x9, objs[35].s);

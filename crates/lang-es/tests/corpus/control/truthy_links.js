// Conditions on links that are objects, null or undefined, in loops hot enough to compile,
// then on the other values a condition can see: the truthiness must stay JavaScript's.
let list = null;
for (let i = 0; i < 200; i++) list = { value: i, next: list };
function length(node) {
  let n = 0;
  while (node) {
    n++;
    node = node.next;
  }
  return n;
}
let total = 0;
for (let r = 0; r < 2000; r++) total += length(list) + (list.next.next ? 1 : 0) + (!undefined ? 1 : 0);
console.log(total);

function count(values) {
  let yes = 0;
  for (let i = 0; i < values.length; i++) {
    if (values[i]) yes++;
    if (!values[i] && values[i] !== null) yes += 10;
  }
  return yes;
}
let objects = 0;
for (let r = 0; r < 3000; r++) objects += count([{}, null, [], undefined, function () {}]);
console.log(objects, count([0, 1, -0, NaN, '', 'a', 0.5, true, false, {}, null, undefined, [0]]));
console.log(length({ next: { next: 0 } }), length({ next: '' }), length({ next: { next: 'x', } }));

// Arrays of objects: mapping, filtering and updating in place.
const items = [
  { name: "pen", price: 1.5, qty: 10 },
  { name: "book", price: 12, qty: 2 },
  { name: "bag", price: 30, qty: 1 },
];
console.log(items);
const total = items.reduce((s, it) => s + it.price * it.qty, 0);
console.log(total);
items.forEach(it => { it.price *= 2; });
console.log(items.map(it => it.name + ":" + it.price).join(", "));
console.log(items.filter(it => it.price > 10).length);

// An uncaught TypeError from reading a property of null.
function first(list) { return list.head.value; }
console.log(first({ head: { value: 1 } }));
console.log(first({ head: null }));

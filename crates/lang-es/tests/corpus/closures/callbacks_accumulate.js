// Callbacks accumulating into captured arrays.
const events = [];
function on(name) { return value => events.push(name + "=" + value); }
const onA = on("a"), onB = on("b");
[1, 2, 3].forEach(onA);
["x"].forEach(onB);
console.log(events);

// Spread in calls with strings and arrays of objects.
function show(...xs) { return xs.map(x => typeof x).join(","); }
console.log(show(..."ab"), show(...[1, "a", null, {}]), show(...[]));
const pts = [{ x: 1 }, { x: 2 }];
const copy = [...pts];
copy[0].x = 99;
console.log(pts[0].x, copy === pts);

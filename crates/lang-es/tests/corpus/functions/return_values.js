// Various return forms: none, early, in loops, objects.
function none() {}
function early(x) { if (x) return "early"; return "late"; }
function inLoop(arr) { for (const x of arr) if (x > 2) return x; }
function obj() { return { a: 1 }; }
console.log(none(), early(1), early(0), inLoop([1, 2, 3, 4]), inLoop([]), obj());

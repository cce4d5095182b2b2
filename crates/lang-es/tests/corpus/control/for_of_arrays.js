// for-of over arrays, including holes and nested arrays.
for (const x of [1, 2, 3]) console.log(x);
for (const x of [1, , 3]) console.log("hole test", x);
for (const [a, b] of [[1, 2], [3, 4]]) console.log(a + b);
let total = 0;
for (const row of [[1, 2], [3], []]) for (const v of row) total += v;
console.log(total);
for (const x of []) console.log("never");

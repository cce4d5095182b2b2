// Building and checking binary trees recursively with arrays.
function make(d) { return d === 0 ? [null, null] : [make(d - 1), make(d - 1)]; }
function check(t) { return t[0] === null ? 1 : 1 + check(t[0]) + check(t[1]); }
for (let d = 0; d <= 10; d += 2) console.log(d, check(make(d)));

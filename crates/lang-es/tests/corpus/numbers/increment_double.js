// ++ and -- on doubles and around int32 boundaries.
let a = 0.5;
a++; console.log(a);
a--; a--; console.log(a);
let b = 2147483646;
b++; b++; b++; console.log(b);
let c = -2147483647;
c--; c--; c--; console.log(c);
let d = 2 ** 53;
d++; console.log(d);
d--; console.log(d);
let e = 1e21;
e++; console.log(e);

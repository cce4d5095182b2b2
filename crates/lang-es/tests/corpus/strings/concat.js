// String concatenation with +, +=, and mixed types.
let s = "a";
s = s + "b";
s += "c";
console.log(s);
console.log("x" + 1 + 2, 1 + 2 + "x", "x" + (1 + 2));
console.log("" + true + false + null + undefined);
console.log("n:" + [1, 2, 3], "o:" + {}, "e:" + []);
let t = "";
for (let i = 0; i < 10; i++) t += String.fromCharCode(65 + i);
console.log(t, t.length);

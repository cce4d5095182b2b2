// Loose equality between objects and primitives uses toString/valueOf.
const arr = [1, 2];
const o = { toString() { return "7"; } };
console.log(arr == "1,2", o == 7, o == "7", o === "7");
console.log(null == {}, undefined == {}, {} == "[object Object]");

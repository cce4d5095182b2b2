// indexOf and lastIndexOf with and without a start position.
const s = "the cat sat on the mat";
console.log(s.indexOf("at"), s.indexOf("at", 6), s.indexOf("at", 100), s.indexOf("dog"));
console.log(s.lastIndexOf("at"), s.lastIndexOf("at", 15), s.lastIndexOf("the"), s.lastIndexOf("x"));
console.log(s.indexOf(""), s.indexOf("", 5), s.indexOf("", 100), s.lastIndexOf(""));
console.log(s.indexOf("t", -5), s.lastIndexOf("t", -5), s.lastIndexOf("t", 0));
console.log("aaaa".indexOf("aa", 1), "aaaa".lastIndexOf("aa"));
let pos = s.indexOf("t");
const found = [];
while (pos !== -1) {
  found.push(pos);
  pos = s.indexOf("t", pos + 1);
}
console.log(found);

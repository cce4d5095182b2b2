// Simple if/else chains with different conditions.
function classify(n) {
  if (n < 0) {
    return "negative";
  } else if (n === 0) {
    return "zero";
  } else if (n < 10) {
    return "small";
  } else {
    return "large";
  }
}
console.log(classify(-5), classify(0), classify(3), classify(42));
if ("") console.log("empty string truthy"); else console.log("empty string falsy");
if ([]) console.log("empty array truthy");
if ({}) console.log("empty object truthy");
if (NaN) console.log("NaN truthy"); else console.log("NaN falsy");
if (-0) console.log("-0 truthy"); else console.log("-0 falsy");

// split with separators, empty separator, limits and edge cases.
console.log("a,b,c".split(","));
console.log("a,,b,".split(","));
console.log("abc".split(""));
console.log("".split(","), "".split(""));
console.log("one  two three".split(" "));
console.log("a-b-c-d".split("-", 2), "a-b".split("-", 0));
console.log("hello".split("ll"), "hello".split("hello"), "hello".split("x"));
console.log("a::b::c".split("::"));
console.log("abc".split());

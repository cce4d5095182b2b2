// How console.log shows strings with quotes and escapes inside arrays.
console.log(["it's", 'say "hi"', `both ' and "`, "back`tick"]);
console.log(["new\nline", "tab\there", "back\\slash"]);
console.log("top level: it's", 'say "hi"');
console.log(["", " ", "a b"]);
console.log(["\u0001", "é", "😀"]);
console.log([`all ' " and \``]);

// + concatenates as soon as one operand is a string; other operators convert to numbers.
console.log(1 + "2", "1" + 2, 1 + 2 + "3", "1" + 2 + 3);
console.log("5" - 2, "5" * "2", "10" / "4", "7" % "4", "2" ** "3");
console.log("a" - 1, "3" - - "3", +"3" + +"3");
console.log(true + 1, true + "1", null + 1, undefined + 1, null + "x");
console.log([1, 2] + [3], {} + "", [] + [], [] + 1);
console.log(1 + -"1", "1" - "1", - "" + 1);

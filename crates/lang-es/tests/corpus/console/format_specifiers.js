// A first string argument containing % sequences is a format string.
console.log("%s is %d years", "Ann", 42);
console.log("%i items", 3.9);
console.log("%d%%", 50);
console.log("100%", "literal");
console.log("%s", "only one", "extra");
console.log("%s and %s", "missing one");
console.log("%f", "1.5");
console.log("no specifiers", "%s");
console.log("%d", "abc");

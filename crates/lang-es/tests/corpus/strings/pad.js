// padStart and padEnd with default and custom fillers.
console.log("5".padStart(3), "5".padStart(3, "0"), "5".padEnd(3, "*") + "|");
console.log("abc".padStart(2), "abc".padStart(8, "12"), "abc".padEnd(8, "xy"));
console.log("abc".padStart(6, ""), "[" + "".padEnd(4) + "]");
for (const n of [1, 22, 333, 4444]) console.log(String(n).padStart(6, ".") + "|" + String(n * 2).padEnd(6) + "|");

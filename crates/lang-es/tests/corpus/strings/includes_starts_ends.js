// includes, startsWith and endsWith with positions.
const s = "EasyScript language";
console.log(s.includes("Script"), s.includes("script"), s.includes(""), s.includes("Easy", 1));
console.log(s.startsWith("Easy"), s.startsWith("Script"), s.startsWith("Script", 4));
console.log(s.endsWith("age"), s.endsWith("Script"), s.endsWith("Script", 10));
console.log("".startsWith(""), "".endsWith(""), "a".endsWith("", 0));

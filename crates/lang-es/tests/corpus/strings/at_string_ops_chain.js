// Chaining several string methods in one expression.
const raw = "  Hello, EasyScript World  ";
console.log(raw.trim().toLowerCase().split(" ").join("_"));
console.log(raw.trim().slice(7).toUpperCase().padEnd(20, ".") + "|");
console.log(raw.split(",")[1].trim().split(" ")[0].repeat(2));
console.log(raw.indexOf("Easy") + raw.trim().indexOf("Easy"));

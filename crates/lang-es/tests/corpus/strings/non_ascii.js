// Non-ASCII BMP characters: length, case and comparisons.
const words = ["naïve", "café", "Ωmega", "日本語", "Привет"];
for (const w of words) console.log(w, w.length, w.toUpperCase(), w.charCodeAt(0));
console.log("日本語".split(""), "日本語"[1]);
console.log("Привет".slice(1, 3), "café".endsWith("é"));

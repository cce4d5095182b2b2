// Printing a small table of characters and their code units in hex.
const chars = "Az09 !~\u00e9\u03a9\u4e2d";
const rows = [];
for (let i = 0; i < chars.length; i++) {
  const c = chars.charCodeAt(i);
  rows.push(chars[i] + "=" + c.toString(16).padStart(4, "0"));
}
console.log(rows.join(" "));

// Trimming and splitting user-like input lines.
const input = "  name = Ada  ;  age=36;city =  London ; ;  ";
const result = {};
for (const part of input.split(";")) {
  const t = part.trim();
  if (t === "") continue;
  const eq = t.indexOf("=");
  result[t.slice(0, eq).trim()] = t.slice(eq + 1).trim();
}
console.log(result);

// Word wrapping and justification of a paragraph to several widths.
const text = "EasyScript is a small subset of JavaScript that is implemented on top of a " +
  "self-specializing abstract syntax tree interpreter. Its programs must behave exactly like " +
  "they do in node, which makes a large corpus of tests essential. Supercalifragilisticexpialidocious words are kept whole.";

function wrap(s, width) {
  const words = s.split(" ");
  const lines = [];
  let line = "";
  for (const w of words) {
    if (line === "") line = w;
    else if (line.length + 1 + w.length <= width) line += " " + w;
    else { lines.push(line); line = w; }
  }
  if (line !== "") lines.push(line);
  return lines;
}

function justify(line, width) {
  const words = line.split(" ");
  if (words.length === 1) return line;
  const gaps = words.length - 1;
  const spaces = width - words.join("").length;
  let out = "";
  for (let i = 0; i < words.length; i++) {
    out += words[i];
    if (i < gaps) out += " ".repeat(Math.floor(spaces / gaps) + (i < spaces % gaps ? 1 : 0));
  }
  return out;
}

for (const width of [30, 45]) {
  const lines = wrap(text, width);
  console.log("width " + width + ": " + lines.length + " lines");
  console.log("+" + "-".repeat(width) + "+");
  for (let i = 0; i < lines.length; i++) {
    const l = i === lines.length - 1 ? lines[i] : justify(lines[i], width);
    console.log("|" + l.padEnd(width) + "|");
  }
  console.log("+" + "-".repeat(width) + "+");
}
const centered = wrap("center me please if you can", 12).map(l => {
  const left = Math.floor((12 - l.length) / 2);
  return "[" + " ".repeat(left) + l + " ".repeat(12 - l.length - left) + "]";
});
console.log(centered.join("\n"));

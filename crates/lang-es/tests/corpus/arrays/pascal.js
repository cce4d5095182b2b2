// Pascal's triangle rows, printed centered.
const rows = [[1]];
for (let i = 1; i < 10; i++) {
  const prev = rows[i - 1];
  const row = [1];
  for (let j = 1; j < i; j++) row.push(prev[j - 1] + prev[j]);
  row.push(1);
  rows.push(row);
}
const width = rows[rows.length - 1].join(" ").length;
for (const r of rows) {
  const s = r.join(" ");
  console.log(" ".repeat(Math.floor((width - s.length) / 2)) + s);
}

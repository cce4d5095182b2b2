// toFixed for a range of values and digit counts.
const vals = [0, 0.5, 1.25, 1.35, -1.005, 10.235, 123.456, 99.995, 1e-10, 1234567.891];
for (const v of vals) {
  const row = [];
  for (let d = 0; d <= 4; d++) row.push(v.toFixed(d));
  console.log(row.join(" "));
}

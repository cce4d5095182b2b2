// Detecting NaN with isNaN and with x !== x.
const vals = [NaN, "NaN", 0 / 0, "x" * 2, undefined, {}, "12"];
for (const v of vals) console.log(String(v), isNaN(v), v !== v, Number.isInteger(v));

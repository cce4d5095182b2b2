// Chained conversions between strings, numbers and booleans.
console.log(String(Number("42")) === "42", Number(String(0.1 + 0.2)), Boolean(String(false)));
console.log(Number(Boolean("")), String(Boolean(0)), Number(String(-0)), 1 / Number("-0"));
console.log(parseInt(String(1e21)), parseFloat(String(1e-7)), Number(String(2 ** 60)) === 2 ** 60);

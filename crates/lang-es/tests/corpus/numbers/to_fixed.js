// toFixed rounding and formatting.
console.log((1.005).toFixed(2), (1.5).toFixed(0), (2.5).toFixed(0), (-1.5).toFixed(0));
console.log((3.14159).toFixed(2), (3.14159).toFixed(4), (3).toFixed(2));
console.log((0.000001).toFixed(3), (123.456).toFixed(1), (0).toFixed(5));
console.log((1e21).toFixed(2), (1e20).toFixed(2), (-0.0001).toFixed(2));
console.log((0.5).toFixed(0), (1.45).toFixed(1), (1.55).toFixed(1), (8.345).toFixed(2));
console.log((12345.6789).toFixed(), (-12.5).toFixed(), (NaN).toFixed(2));

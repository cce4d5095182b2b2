// Numbers converted to strings by concatenation and templates.
console.log("" + 1 + 2, 1 + 2 + "", "" + (1 + 2));
console.log("v=" + 0.1 + 0.2, "v=" + (0.1 + 0.2));
console.log(`${1 / 3}|${-0}|${NaN}|${-Infinity}|${2 ** 53 + 1}`);
console.log("" + 1e21 + "|" + 1e-7 + "|" + 100 + "|" + 1.0);
console.log(String(123), String(-1.5), String(0.000001));
console.log([1.5, 2e21, -0, 1e-7].join(";"));

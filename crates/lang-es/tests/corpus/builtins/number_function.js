// Number() as a conversion function.
console.log(Number(), Number(0), Number("12.5"), Number(" 0x10 "), Number("1e-7"), Number("-"), Number("."));
console.log(Number(true), Number(false), Number(null), Number(undefined), Number(NaN));
console.log(Number([]), Number([""]), Number(["12"]), Number([1, 2]), Number({}), Number("Infinity"));
console.log(Number("12e"), Number("1.5e+2"), Number("  \t"), Number("0b2"), Number("0o8"), Number("+0x10"));

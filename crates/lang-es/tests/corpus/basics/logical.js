// Logical operators return one of their operands, not necessarily a boolean.
console.log(true && "yes");
console.log(0 && "yes");
console.log("" || "default");
console.log("value" || "default");
console.log(null ?? "fallback", 0 ?? "fallback", "" ?? "fallback");
console.log(undefined ?? null ?? 3);
console.log(!0, !1, !"", !"a", !null, !undefined, !NaN, ![], !{});
console.log(!!"false", !!0.0, !!-0, !!"0");
console.log(1 && 2 && 3, 1 && 0 && 3, 0 || null || "x");

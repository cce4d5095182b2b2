// ?? treats only null and undefined as missing; || treats all falsy values.
const vals = [0, "", false, NaN, null, undefined, "a"];
for (const v of vals) console.log(String(v).padEnd(9), v || "or", v ?? "nullish");
console.log((null || undefined) ?? "both", (0 ?? 1) || 2);

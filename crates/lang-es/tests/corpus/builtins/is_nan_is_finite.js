// Global isNaN and isFinite convert their argument to a number first.
const vals = [NaN, 0, "0", "", " ", "abc", "1e3", undefined, null, true, [], [1], [1, 2], {}, Infinity, "-Infinity"];
for (const v of vals) console.log(typeof v, String(v), isNaN(v), isFinite(v));

// Errors thrown inside array callbacks propagate out of forEach and map.
const data = [1, 2, 0, 4];
try {
  data.forEach(x => {
    if (x === 0) throw new RangeError("zero found");
    console.log("processed", x);
  });
} catch (e) {
  console.log("stopped:", e.message);
}
try {
  const r = data.map(x => 12 / x).map(x => { if (!isFinite(x)) throw new Error("infinite"); return x; });
  console.log(r);
} catch (e) {
  console.log("map failed:", e.message);
}

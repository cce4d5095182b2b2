// A hole, or an index an object does not have, is looked up by name on the prototypes: small
// indices (whose names the engine keeps in a table) and large ones alike, in a loop hot enough
// to compile.
const a = new Array(5);
Array.prototype[3] = "proto3";
Object.prototype[70000] = "big";
const b = [];
b[70001] = 1;
const o = { 12: "twelve" };
let out = [];
for (let round = 0; round < 3000; round++) {
  const seen = [];
  for (let i = 0; i < 6; i++) seen.push(String(a[i]));
  seen.push(String(b[70000]), String(b[70002]), o[12], o["12"], String(o[13]));
  if (round === 0 || round === 2999) out.push(seen.join(","));
  if (round === 2000) Array.prototype[3] = undefined;
}
console.log(out.join("\n"));

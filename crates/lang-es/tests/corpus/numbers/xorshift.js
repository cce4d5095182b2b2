// A xorshift pseudo random generator relying on int32 shifts.
let state = 123456789;
function next() {
  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  return state;
}
const out = [];
for (let i = 0; i < 10; i++) out.push(next());
console.log(out.join("\n"));
let u = [];
for (let i = 0; i < 5; i++) u.push((next() >>> 0) % 100);
console.log(u);

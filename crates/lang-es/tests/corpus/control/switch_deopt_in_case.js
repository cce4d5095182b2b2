// A switch whose case bodies and case values change type after warm-up: compiled code leaves
// for the interpreter inside a case, which must resume in that case (not re-choose, not fall
// into default).
function key(i) { return i < 3000 ? i % 4 : "k" + (i % 4); }
function step(op, acc, i) {
  switch (op) {
    case 0: acc = acc + 1; break;
    case key(1): acc = acc + (i < 2500 ? 2 : 0.5); break;
    case 2:
    case 3: acc = acc + (i < 2800 ? 3 : "x").length || 3; break;
    case "k0": acc = acc + 10; break;
    default: acc = acc - 1;
  }
  return acc;
}
let acc = 0;
for (let i = 0; i < 4000; i++) acc = step(key(i), acc, i);
console.log(acc);

// A Brainfuck interpreter with precomputed jump tables running small programs.
function compileJumps(code) {
  const jumps = new Array(code.length).fill(-1);
  const stack = [];
  for (let i = 0; i < code.length; i++) {
    if (code[i] === "[") stack.push(i);
    else if (code[i] === "]") {
      if (stack.length === 0) throw new SyntaxError("unmatched ] at " + i);
      const j = stack.pop();
      jumps[i] = j;
      jumps[j] = i;
    }
  }
  if (stack.length > 0) throw new SyntaxError("unmatched [ at " + stack.pop());
  return jumps;
}

function run(code, input) {
  const jumps = compileJumps(code);
  const tape = new Array(300).fill(0);
  let ptr = 0, pc = 0, inPos = 0, out = "", steps = 0;
  while (pc < code.length) {
    steps++;
    switch (code[pc]) {
      case ">": ptr++; break;
      case "<": ptr--; break;
      case "+": tape[ptr] = (tape[ptr] + 1) & 255; break;
      case "-": tape[ptr] = (tape[ptr] + 255) & 255; break;
      case ".": out += String.fromCharCode(tape[ptr]); break;
      case ",": tape[ptr] = inPos < input.length ? input.charCodeAt(inPos++) : 0; break;
      case "[": if (tape[ptr] === 0) pc = jumps[pc]; break;
      case "]": if (tape[ptr] !== 0) pc = jumps[pc]; break;
    }
    pc++;
  }
  return { out, steps };
}

const hello = "++++++++[>++++[>++>+++>+++>+<<<<-]>+>+>->>+[<]<-]>>.>---.+++++++..+++.>>.<-.<.+++.------.--------.>>+.";
const r = run(hello, "");
console.log(JSON_s(r.out), r.steps);
const echoUpper = ",[>++++[<-------->-]<.,]";
console.log(JSON_s(run(echoUpper, "easy").out));
const reverse = ">,[>,]<[.<]";
console.log(run(reverse, "stressed").out);
const add = ",>,[<+>-]<------------------------------------------------.";
console.log(run(add, "34").out);
for (const bad of ["[[]", "]", "+[-]]"]) {
  try { run(bad, ""); } catch (e) { console.log(e.message); }
}
function JSON_s(s) { return '"' + s.split("\n").join("\\n") + '"'; }

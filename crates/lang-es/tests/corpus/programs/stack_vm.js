// A small stack-based bytecode virtual machine with a hand-written assembler.
const OPS = ["push", "pop", "add", "sub", "mul", "div", "mod", "dup", "swap", "jmp", "jz", "jnz",
  "load", "store", "print", "lt", "eq", "halt", "call", "ret"];

function assemble(src) {
  const code = [];
  const labels = {};
  const fixups = [];
  for (const raw of src.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith(";")) continue;
    if (line.endsWith(":")) { labels[line.slice(0, -1)] = code.length; continue; }
    const [op, arg] = line.split(" ");
    const idx = OPS.indexOf(op);
    if (idx < 0) throw new SyntaxError("unknown op " + op);
    code.push(idx);
    if (arg !== undefined) {
      const n = Number(arg);
      if (isNaN(n)) { fixups.push([code.length, arg]); code.push(0); }
      else code.push(n);
    }
  }
  for (const [pos, name] of fixups) {
    if (!(name in labels)) throw new ReferenceError("unknown label " + name);
    code[pos] = labels[name];
  }
  return code;
}

function run(code, maxSteps) {
  const stack = [], calls = [], mem = new Array(16).fill(0), out = [];
  let pc = 0, steps = 0;
  while (steps++ < maxSteps) {
    const op = OPS[code[pc++]];
    switch (op) {
      case "push": stack.push(code[pc++]); break;
      case "pop": stack.pop(); break;
      case "add": { const b = stack.pop(); stack.push(stack.pop() + b); break; }
      case "sub": { const b = stack.pop(); stack.push(stack.pop() - b); break; }
      case "mul": { const b = stack.pop(); stack.push(stack.pop() * b); break; }
      case "div": { const b = stack.pop(); stack.push(Math.trunc(stack.pop() / b)); break; }
      case "mod": { const b = stack.pop(); stack.push(stack.pop() % b); break; }
      case "dup": stack.push(stack[stack.length - 1]); break;
      case "swap": { const b = stack.pop(), a = stack.pop(); stack.push(b, a); break; }
      case "jmp": pc = code[pc]; break;
      case "jz": pc = stack.pop() === 0 ? code[pc] : pc + 1; break;
      case "jnz": pc = stack.pop() !== 0 ? code[pc] : pc + 1; break;
      case "load": stack.push(mem[code[pc++]]); break;
      case "store": mem[code[pc++]] = stack.pop(); break;
      case "print": out.push(stack.pop()); break;
      case "lt": { const b = stack.pop(); stack.push(stack.pop() < b ? 1 : 0); break; }
      case "eq": { const b = stack.pop(); stack.push(stack.pop() === b ? 1 : 0); break; }
      case "call": calls.push(pc + 1); pc = code[pc]; break;
      case "ret": pc = calls.pop(); break;
      case "halt": return { out, steps, stack };
      default: throw new Error("bad opcode at " + (pc - 1));
    }
  }
  return { out, steps, stack, timeout: true };
}

const factorial = `
  push 1
  store 0      ; acc
  push 20
  store 1      ; n
loop:
  load 1
  jz done
  load 0
  load 1
  mul
  store 0
  load 1
  push 1
  sub
  store 1
  jmp loop
done:
  load 0
  print
  halt`;
const fib = `
  push 0
  store 0
  push 1
  store 1
  push 0
  store 2
next:
  load 2
  push 15
  lt
  jz end
  load 0
  print
  load 0
  load 1
  dup
  store 0
  add
  store 1
  load 2
  push 1
  add
  store 2
  jmp next
end:
  halt`;
const sub = `
  push 7
  call square
  print
  push -12
  call square
  print
  halt
square:
  dup
  mul
  ret`;
console.log(run(assemble(factorial), 10000));
console.log(run(assemble(fib), 10000).out.join(" "));
console.log(run(assemble(sub), 100));
console.log(run(assemble("loop:\njmp loop"), 50));
for (const bad of ["frob 1", "jmp nowhere"]) {
  try { assemble(bad); } catch (e) { console.log(e.name + ": " + e.message); }
}

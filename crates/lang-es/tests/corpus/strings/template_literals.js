// Template literals with expressions, nesting and multiple lines.
const name = "World";
const n = 3;
console.log(`Hello, ${name}!`);
console.log(`${n} + ${n} = ${n + n}`);
console.log(`${[1, 2]} ${null} ${undefined} ${true} ${{}}`);
console.log(`nested ${`inner ${n * 2}`} done`);
console.log(`line1
line2
  line3`);
console.log(`a\tb\\c\`d\${e}`);
console.log(`${"$"}{x}`, `$`, `{}`, `$${n}`);
const fn = x => `<${x}>`;
console.log(`${fn("a")}${fn(fn("b"))}`);

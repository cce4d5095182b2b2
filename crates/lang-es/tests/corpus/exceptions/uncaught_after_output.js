// Output written before an uncaught exception is kept.
for (let i = 0; i < 5; i++) console.log("line", i);
process.stdout.write("partial line without newline");
throw new Error("stop after output");

// process.stdout.write writes strings without a newline.
process.stdout.write("no newline, ");
process.stdout.write("continued");
process.stdout.write("\n");
process.stdout.write("line 2\n");
for (let i = 0; i < 5; i++) process.stdout.write(String(i));
process.stdout.write("\n");
console.log("mixed with console.log");
process.stdout.write("");
process.stdout.write("last\n");

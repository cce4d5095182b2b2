// A function sees the binding, not the value at definition time.
let mode = "a";
const read = () => mode;
const results = [read()];
mode = "b";
results.push(read());
{
  let mode = "c";
  results.push(read(), mode);
}
console.log(results);

// Nested destructuring with defaults at several levels.
function config({ server: { host = "localhost", port = 80 } = {}, debug = false } = {}) {
  return `${host}:${port} debug=${debug}`;
}
console.log(config());
console.log(config({ debug: true }));
console.log(config({ server: { port: 8080 } }));
console.log(config({ server: { host: "example" }, debug: 1 }));
const [{ a = 1 } = {}, [b = 2] = []] = [];
console.log(a, b);

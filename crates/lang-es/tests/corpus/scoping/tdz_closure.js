// A closure may refer to a let declared later, as long as it runs after initialization.
const f = () => later + 1;
let later = 10;
console.log(f());
function g() { return cst.length; }
const cst = "hello";
console.log(g());
const h = () => notYet;
try {
  h();
} catch (e) {
  console.log(e.name, e.message);
}
let notYet = "now ready";
console.log(h());

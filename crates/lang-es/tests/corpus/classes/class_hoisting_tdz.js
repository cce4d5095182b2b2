// Classes are not hoisted like functions: using one before its declaration throws.
try {
  new Later();
} catch (e) {
  console.log(e.name + ": " + e.message);
}
class Later { constructor() { this.ok = true; } }
console.log(new Later());

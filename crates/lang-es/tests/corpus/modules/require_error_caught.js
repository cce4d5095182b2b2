// An error thrown while loading a module propagates to require and can be caught.
try {
  require("./_throws_on_load");
  console.log("not reached");
} catch (e) {
  console.log("caught:", e.message);
}
console.log("continuing");
